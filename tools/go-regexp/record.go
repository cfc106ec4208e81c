// Records Go's answers for the engine's regexp tests
// (crates/ssa-engine/src/crd/regexp/tests.rs): reads a JSON list on
// stdin and prints one JSON line per case.
//
//	go run record.go compile < patterns.json   # ["pattern", ...]: [pattern, regexp.Compile's error or ""]
//	go run record.go match < cases.json        # [[pattern, text], ...]: [pattern, text, regexp.MatchString]
//	go run record.go find < cases.json         # [[pattern, text], ...]: [pattern, text, FindString, FindAllString(-1), FindAllString(2)]
//
// The tables in tests.rs were recorded with go1.19.8 (Debian bookworm's
// golang-1.19); where newer Go parses differently (named groups `(?<n>`
// since 1.22, `\p{…}` names without case and `\p{ASCII}` since 1.25) the
// tests follow the newer parse_test.go instead.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run record.go compile|match|find < cases.json")
		os.Exit(2)
	}
	out := json.NewEncoder(os.Stdout)
	out.SetEscapeHTML(false)
	switch os.Args[1] {
	case "compile":
		var patterns []string
		must(json.NewDecoder(os.Stdin).Decode(&patterns))
		for _, p := range patterns {
			message := ""
			if _, err := regexp.Compile(p); err != nil {
				message = err.Error()
			}
			must(out.Encode([]string{p, message}))
		}
	case "match", "find":
		var cases [][2]string
		must(json.NewDecoder(os.Stdin).Decode(&cases))
		for _, c := range cases {
			re, err := regexp.Compile(c[0])
			if err != nil {
				fmt.Fprintln(os.Stderr, c[0], err)
				continue
			}
			if os.Args[1] == "match" {
				must(out.Encode([]interface{}{c[0], c[1], re.MatchString(c[1])}))
				continue
			}
			all, two := re.FindAllString(c[1], -1), re.FindAllString(c[1], 2)
			if all == nil {
				all = []string{}
			}
			if two == nil {
				two = []string{}
			}
			must(out.Encode([]interface{}{c[0], c[1], re.FindString(c[1]), all, two}))
		}
	default:
		fmt.Fprintln(os.Stderr, "unknown mode", os.Args[1])
		os.Exit(2)
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
