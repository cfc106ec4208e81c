package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
)

func main() {
	jsonpatch.AccumulatedCopySizeLimit = 3 * 1024 * 1024
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c struct {
			Kind  string          `json:"kind"`
			Doc   json.RawMessage `json:"doc"`
			Patch json.RawMessage `json:"patch"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		var out []byte
		var err error
		panicked := false
		func() {
			defer func() {
				if r := recover(); r != nil {
					panicked = true
				}
			}()
			if c.Kind == "merge" {
				out, err = jsonpatch.MergePatch(c.Doc, c.Patch)
			} else {
				var p jsonpatch.Patch
				p, err = jsonpatch.DecodePatch(c.Patch)
				if err == nil {
					out, err = p.Apply(c.Doc)
				}
			}
		}()
		if panicked {
			fmt.Println(`{"panic":true}`)
		} else if err != nil {
			fmt.Println(`{"error":true}`)
		} else {
			fmt.Printf("{\"result\":%s}\n", out)
		}
	}
}
