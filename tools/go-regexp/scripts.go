// Prints the script names of Go's unicode.Scripts as the Rust table in
// crates/ssa-engine/src/crd/regexp/unicode.rs (`SCRIPTS`), which Go's
// regexp accepts in \p{…}. Run with the Go that builds Kubernetes' API
// server (its unicode.Version is printed first): `go run scripts.go`.
//
// Go 1.21 and later carry Unicode 15.0.0. With an older Go (Debian
// bookworm's 1.19 has Unicode 13.0.0) add the scripts of Unicode 14 and 15
// by hand: Cypro_Minoan, Old_Uyghur, Tangsa, Toto, Vithkuqi, Kawi,
// Nag_Mundari.
package main

import (
	"fmt"
	"sort"
	"unicode"
)

func main() {
	var names []string
	for name := range unicode.Scripts {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Printf("// unicode.Version %s\n", unicode.Version)
	fmt.Println("pub(super) const SCRIPTS: &[&str] = &[")
	for _, name := range names {
		fmt.Printf("    %q,\n", name)
	}
	fmt.Println("];")
}
