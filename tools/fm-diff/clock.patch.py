"""Makes the time apimachinery's field manager stamps settable, as the
scenario format's simulated clock needs (step N at 2024-01-01T00:00:00Z
plus N seconds): in an apimachinery checkout (or offline.py's copy),
internal/managedfieldsupdater.go reads `Clock()` instead of `time.Now()`,
and the package managedfields gets `SetClock`. clock.patch.py DIR, where
DIR is .../pkg/util/managedfields and IMPORT its import path."""
import sys
d, imp = sys.argv[1], sys.argv[2]
p = f"{d}/internal/managedfieldsupdater.go"
s = open(p).read()
if "Clock()" not in s:
    s = s.replace("time.Now().UTC()", "Clock().UTC()")
    s += "\n\n// Clock is the time managedFields entries are stamped with.\nvar Clock = time.Now\n"
    open(p, "w").write(s)
open(f"{d}/clock.go", "w").write(
    "package managedfields\n\nimport (\n\t\"time\"\n\n\t\"" + imp + "/internal\"\n)\n\n"
    "// SetClock sets the time managedFields entries are stamped with.\n"
    "func SetClock(f func() time.Time) { internal.Clock = f }\n")
