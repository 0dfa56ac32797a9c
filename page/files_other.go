//go:build !unix

package page

const nonBlock = 0
