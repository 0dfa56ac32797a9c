package main

import (
	"fmt"
	"strconv"
	"strings"
)

// parseSize parses a -max-heap value: a whole number of bytes with an optional unit
// (B, KiB, MiB, GiB, or KB, MB, GB read as the same powers of 1024), e.g. "1GiB", "512MiB".
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil || i == 0 {
		return 0, fmt.Errorf("%q is not a size: use e.g. 1GiB or 512MiB", s)
	}
	var shift uint
	switch strings.ToLower(strings.TrimSpace(t[i:])) {
	case "", "b":
	case "k", "kb", "kib":
		shift = 10
	case "m", "mb", "mib":
		shift = 20
	case "g", "gb", "gib":
		shift = 30
	default:
		return 0, fmt.Errorf("%q is not a size: use e.g. 1GiB or 512MiB", s)
	}
	if n <= 0 || n > (1<<62)>>shift {
		return 0, fmt.Errorf("-max-heap %q must be positive and less than 4 EiB", s)
	}
	return n << shift, nil
}
