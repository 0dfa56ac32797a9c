// Package gojaboundary holds the check that loopscope reaches goja only through goja's
// exported API: no file of the project outside third_party/ uses reflect or unsafe where it
// can touch goja's types (issue 24). What the loop needs from goja's inside is a small
// exported hook in third_party/goja (see its PATCHES.md).
package gojaboundary
