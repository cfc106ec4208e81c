// Writes the Unicode letter and symbol tables of
// crates/ssa-engine/src/crd/formats/hostname.rs: Go regexp's \p{L} and \p{S},
// which strfmt's HostnamePattern uses, as the Go release that builds the
// modelled kube-apiserver has them (Go 1.26: Unicode 15.0.0). See README.md.

package main

import (
	"fmt"
	"strings"
	"unicode"
)

func ranges(t *unicode.RangeTable) [][2]rune {
	var out [][2]rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.Is(t, r) {
			if n := len(out); n > 0 && out[n-1][1] == r-1 {
				out[n-1][1] = r
			} else {
				out = append(out, [2]rune{r, r})
			}
		}
	}
	return out
}

func emit(name, doc string, t *unicode.RangeTable) {
	fmt.Printf("%s\nconst %s: &[u32] = &[\n", doc, name)
	var items []string
	for _, r := range ranges(t) {
		items = append(items, fmt.Sprintf("0x%X, 0x%X", r[0], r[1]))
	}
	fmt.Println(strings.Join(items, ", "))
	fmt.Println("];")
}

func main() {
	emit("LETTERS", "/// Go's `unicode.L` (Unicode 15.0.0): first and last of each range.", unicode.L)
	emit("SYMBOLS", "/// Go's `unicode.S` (Unicode 15.0.0): first and last of each range.", unicode.S)
}
