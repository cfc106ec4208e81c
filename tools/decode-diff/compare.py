"""Compares the engine's decoding of tools/decode-diff's bodies with Go's:
compare.py SSA CASES ANSWERS. Each case becomes a scenario of one write
that creates the object (`client: api`, a bare request, for Go's lenient
answer; `client: kubectl`, strict, for the strict one). Where Go decodes
the body, the engine must not refuse it as undecodable (its validation,
which Go's harness does not run, may still refuse it); where Go refuses
it, the engine's message must be Go's, word for word."""
import json
import subprocess
import sys
import tempfile

DECODE = "cannot be handled as a"


def main():
    ssa, cases_path, answers_path = sys.argv[1:4]
    cases = [json.loads(line) for line in open(cases_path)]
    answers = [json.loads(line) for line in open(answers_path)]
    differing = 0
    for case, answer in zip(cases, answers):
        for mode, client in (("lenient", "api"), ("strict", "kubectl")):
            scenario = {"scenario": "v1", "name": "decode", "steps": [
                {"manager": "m", "op": "update", "client": client, "object": case["body"]}]}
            with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
                json.dump(scenario, f)
                f.flush()
                run = subprocess.run([ssa, "run", f.name], capture_output=True, text=True)
            step = json.loads(run.stdout)["steps"][0]
            got = step["message"] if step["outcome"] != "applied" else ""
            want = answer[mode].get("error", "")
            same = got == want if want else DECODE not in got
            if not same:
                differing += 1
                print(f"== {mode}: {json.dumps(case['body'])[:400]}")
                print(f"  go:     {want[:400]}")
                print(f"  engine: {got[:400]}")
    print(f"{2 * len(cases)} decodings, {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
