package node

import (
	"errors"
	"io/fs"
	"os"
	"sort"
	"sync"
	"syscall"

	"github.com/dop251/goja"
)

// File I/O as libuv does it: each request runs off the loop goroutine (libuv's thread
// pool), and its completion runs in the poll phase. fs.readFile is four requests in a row,
// as in node (open, fstat, read, close), so a readFile completes a few loop iterations
// after a stat. Read-only: readFile, readdir, stat, access and their fs.promises forms;
// the *Sync forms run on the loop goroutine.
//
// With virtual time, I/O takes no page time and every poll phase waits for all the
// requests in flight, completing them in the order they were made: runs are deterministic.

type ioQueue struct {
	seq      uint64
	inflight int          // requests running (they keep the loop alive)
	done     []completion // completed, waiting for the poll phase
	wg       sync.WaitGroup
}

type completion struct {
	seq uint64
	fn  func() // runs on the loop goroutine, in the poll phase
}

// submit runs work off the loop; then, in a poll phase, complete runs on the loop.
func (p *Process) submit(work func(), complete func()) {
	q := &p.io
	q.seq++
	seq := q.seq
	q.inflight++
	q.wg.Add(1)
	go func() {
		work()
		p.l.Post(func() {
			q.done = append(q.done, completion{seq, complete})
		})
		q.wg.Done()
	}()
}

// pollIO is the poll phase's I/O part: wait up to timeout ms (<0: no limit) for
// completions, then run them all.
func (p *Process) pollIO(timeout float64) {
	q := &p.io
	p.l.DrainInbox()
	if p.opts.VirtualTime && q.inflight > 0 {
		q.wg.Wait() // no page time passes
		p.l.DrainInbox()
	} else if len(q.done) == 0 && timeout != 0 {
		// uv__io_poll: wait until a completion arrives or the timeout passes. Anything else
		// that wakes the loop (the window's requests, a step key) is served and the wait goes
		// on, as epoll_wait is resumed after EINTR with the time left; but a pause asked
		// meanwhile ends the wait, so the loop parks at the poll phase's end.
		until := p.l.Now() + timeout
		if timeout < 0 {
			until = inf
		}
		for len(q.done) == 0 && !p.ended() && !p.l.PausePending() && p.l.Now() < until {
			p.l.SleepUntil(until, true)
			p.l.DrainInbox()
		}
	}
	done := q.done
	q.done = nil
	if p.opts.VirtualTime {
		sort.Slice(done, func(i, j int) bool { return done[i].seq < done[j].seq })
	}
	for _, c := range done {
		q.inflight--
		if p.proc.stopped || p.l.Halted() {
			continue
		}
		c.fn()
	}
}

// nodeError is an Error like node's fs errors: "ENOENT: no such file or directory, open 'x'"
// with code, errno, syscall and path.
func (p *Process) nodeError(err error, syscallName, path string) goja.Value {
	code, errno, desc := "EIO", -5, err.Error()
	var en syscall.Errno
	if errors.As(err, &en) {
		code, errno, desc = errnoName(en), -int(en), en.Error()
	} else if errors.Is(err, fs.ErrNotExist) {
		code, errno, desc = "ENOENT", -2, "no such file or directory"
	}
	msg := code + ": " + desc + ", " + syscallName + " '" + path + "'"
	e, _ := p.rt.New(p.rt.Get("Error"), p.rt.ToValue(msg))
	_ = e.Set("errno", errno)
	_ = e.Set("code", code)
	_ = e.Set("syscall", syscallName)
	_ = e.Set("path", path)
	return e
}

func errnoName(e syscall.Errno) string {
	switch e {
	case syscall.ENOENT:
		return "ENOENT"
	case syscall.EACCES:
		return "EACCES"
	case syscall.ENOTDIR:
		return "ENOTDIR"
	case syscall.EISDIR:
		return "EISDIR"
	case syscall.EMFILE:
		return "EMFILE"
	case syscall.EPERM:
		return "EPERM"
	}
	return "EIO"
}

// readFileStages reads a file in node's four requests; done gets the bytes or the error
// and the syscall that failed.
func (p *Process) readFileStages(path string, done func(data []byte, err error, sys string)) {
	var f *os.File
	var size int64
	var data []byte
	var err error
	p.submit(func() { f, err = os.Open(path) }, func() {
		if err != nil {
			done(nil, err, "open")
			return
		}
		p.submit(func() {
			var st os.FileInfo
			if st, err = f.Stat(); err == nil {
				size = st.Size()
				if st.IsDir() {
					err = syscall.EISDIR
				}
			}
		}, func() {
			if err != nil {
				f.Close()
				done(nil, err, "read")
				return
			}
			p.submit(func() {
				data = make([]byte, 0, size)
				buf := make([]byte, 64<<10)
				for {
					n, rerr := f.Read(buf)
					data = append(data, buf[:n]...)
					if rerr != nil {
						break
					}
				}
			}, func() {
				p.submit(func() { f.Close() }, func() { done(data, nil, "") })
			})
		})
	})
}
