package main

import (
	"time"

	"loopscope/page"
)

// cli holds the parsed command line (DESIGN.md "Headless mode and the CLI").
type cli struct {
	headless      bool
	env           string // "node": run the target as a Node main module (node_cli.go)
	duration      time.Duration
	actionsFile   string
	clicks        []page.Action
	virtualTime   bool
	mode          page.Mode
	modeSet       bool   // -mode was given (else a recorded actions file's mode is used)
	record        string // window: write the session's input to this actions file
	paused        bool   // window: open the page paused before its first task
	copyDemo      string // -copy-demo NAME: copy a built-in demo into the folder target
	screenshot    string
	filmstrip     string
	traceFile     string
	report        bool
	scriptTimeout time.Duration
	maxHeap       int64
	list, check   bool
	cpuProfile    string // -cpuprofile: write a Go CPU profile of the whole run to this file
	target        string // a page path (with optional ?query) or a demo name
}

// usageError is bad usage: one clear line, exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }
