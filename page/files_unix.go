//go:build unix

package page

import "syscall"

const nonBlock = syscall.O_NONBLOCK
