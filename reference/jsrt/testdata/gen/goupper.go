//go:build ignore

// goupper prints unicode.ToUpper of every UTF-16 code unit, one upper-case
// hex value a line, for testdata/gen/fold.js to compare with Node.
// Run from reference/jsrt: go run testdata/gen/goupper.go > /tmp/goupper.txt
package main

import (
	"bufio"
	"fmt"
	"os"
	"unicode"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	for c := 0; c < 0x10000; c++ {
		fmt.Fprintf(w, "%X\n", unicode.ToUpper(rune(c)))
	}
	w.Flush()
}
