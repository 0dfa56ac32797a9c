package node

// Spec: Node.js v20 src/process_wrap.cc and lib/internal/child_process.js over libuv 1.46's
// uv_spawn (docs "uv_process_t"): the child starts at once (spawn is synchronous); its
// stdio are pipes, each a stream like a socket's (tcp.go) whose reads complete in the poll
// phase; its exit is libuv's SIGCHLD watcher, a poll-phase callback. The process handle
// keeps the loop alive until the child exits.

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"syscall"

	"github.com/dop251/goja"
	"golang.org/x/sys/unix"
)

// childState is what a child's pipes share: whether it exited, and the ends of its pipes
// that came before its exit (held until it: node sees a child's pipes end in the poll that
// sees its exit, so 'exit' comes before the pipes' 'close').
type childState struct {
	exited bool
	held   []heldEnd
}

type heldEnd struct {
	s   *stream
	err error
}

// fileConn is a pipe's end as a stream's connection (no addresses; CloseWrite closes it).
type fileConn struct{ *os.File }

func (fileConn) LocalAddr() net.Addr                     { return nil }
func (fileConn) RemoteAddr() net.Addr                    { return nil }
func (f fileConn) CloseWrite() error                     { return f.Close() }
func (f fileConn) SyscallConn() (syscall.RawConn, error) { return f.File.SyscallConn() }

// spawn is ProcessWrap::Spawn: it returns 0 and the pipes' handles, or a negative errno.
func (p *Process) spawn(file string, args []string, cwd string, env []string, onexit goja.Value) (int, []goja.Value, *exec.Cmd) {
	cmd := exec.Command(file)
	cmd.Args = args
	cmd.Dir = cwd
	if env != nil {
		cmd.Env = env
	}
	var parentEnds []*os.File
	var childEnds []*os.File
	var handles []goja.Value
	for i := 0; i < 3; i++ {
		r, w, err := os.Pipe()
		if err != nil {
			for _, f := range append(parentEnds, childEnds...) {
				f.Close()
			}
			return uvErr(err).errno, nil, nil
		}
		if i == 0 {
			parentEnds, childEnds = append(parentEnds, w), append(childEnds, r)
		} else {
			parentEnds, childEnds = append(parentEnds, r), append(childEnds, w)
		}
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = childEnds[0], childEnds[1], childEnds[2]
	err := cmd.Start()
	for _, f := range childEnds {
		f.Close()
	}
	if err != nil {
		for _, f := range parentEnds {
			f.Close()
		}
		var ee *exec.Error
		if errors.As(err, &ee) || errors.Is(err, os.ErrNotExist) {
			return -int(syscall.ENOENT), nil, nil
		}
		return uvErr(err).errno, nil, nil
	}
	var pipes []*stream
	child := &childState{}
	for _, f := range parentEnds {
		s := p.newStream("pipe", false)
		s.kind = "Pipe"
		s.attach(fileConn{f})
		s.name = file
		s.child = child
		handles = append(handles, s.obj)
		pipes = append(pipes, s)
	}
	h := p.newHandle("Process")
	h.name = file
	h.setActive(true)
	go func() {
		werr := cmd.Wait()
		p.l.Post(func() {
			key := p.nextSeq()
			// The child is gone: the ends of its stdout and stderr are sure to come, and come
			// first (node reads them in the poll that sees the exit), unless a grandchild
			// holds the pipe open: then 'exit' comes now and the end when the grandchild
			// lets go ('close' waits for it).
			for i, s := range pipes[1:] {
				if !s.eofSeen && !s.closing && writersGone(parentEnds[i+1]) {
					// stdout's end, then stderr's, then the exit
					s.fifo = append(s.fifo, sent{key - 0.5 + 0.1*float64(i), 0, true})
					if p.net.awaiting == nil {
						p.net.awaiting = map[*stream]struct{}{}
					}
					p.net.awaiting[s] = struct{}{}
				}
			}
			child.exited = true
			for _, s := range pipes[1:] { // the held ends, stdout's first
				for _, h := range child.held {
					if h.s == s {
						s.arrived(nil, h.err)
					}
				}
			}
			child.held = nil
			p.io.resort = true
			p.completed(key, func() {
				code, signal := 0, goja.Null()
				if st, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok {
					if st.Signaled() {
						signal = p.rt.ToValue(signalName(st.Signal()))
						code = -1
					} else {
						code = st.ExitStatus()
					}
				} else if werr != nil {
					code = 1
				}
				h.setActive(false)
				h.close(nil)
				var c goja.Value = goja.Null()
				if code >= 0 {
					c = p.rt.ToValue(code)
				}
				p.callJS("ProcessWrap onexit", onexit, goja.Undefined(), c, signal)
			})
		})
	}()
	return 0, handles, cmd
}

func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{syscall.SIGTERM: "SIGTERM", syscall.SIGKILL: "SIGKILL", syscall.SIGINT: "SIGINT",
		syscall.SIGHUP: "SIGHUP", syscall.SIGPIPE: "SIGPIPE", syscall.SIGSEGV: "SIGSEGV", syscall.SIGABRT: "SIGABRT", syscall.SIGUSR1: "SIGUSR1"}
	if n, ok := names[s]; ok {
		return n
	}
	return s.String()
}

// childHost is what js/child_process.js needs from Go.
func (p *Process) childHost() *goja.Object {
	rt := p.rt
	h := rt.NewObject()
	_ = h.Set("spawn", func(file string, args []string, cwd string, onexit goja.Value) goja.Value {
		errno, pipes, cmd := p.spawn(file, args, cwd, nil, onexit)
		o := rt.NewObject()
		_ = o.Set("err", errno)
		if pipes != nil {
			_ = o.Set("stdio", rt.NewArray(pipes[0], pipes[1], pipes[2]))
			_ = o.Set("pid", cmd.Process.Pid)
			_ = o.Set("kill", func(sig string) int {
				s := map[string]syscall.Signal{"SIGTERM": syscall.SIGTERM, "SIGKILL": syscall.SIGKILL, "SIGINT": syscall.SIGINT, "SIGHUP": syscall.SIGHUP}[sig]
				if s == 0 {
					s = syscall.SIGTERM
				}
				if err := cmd.Process.Signal(s); err != nil {
					return -int(syscall.ESRCH)
				}
				return 0
			})
		}
		return o
	})
	_ = h.Set("errname", func(errno int) []any {
		e := errnoByNumber(errno)
		return []any{e.code, e.desc}
	})
	return h
}

// writersGone reports whether every write end of the pipe f reads from is closed (poll(2)
// reports POLLHUP on its read end): its end of stream is sure to come. A grandchild that
// inherited the pipe keeps a write end open after the child exited.
func writersGone(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return true // closed already: its end was read
	}
	gone := true
	if cerr := rc.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		if n, err := unix.Poll(fds, 0); err == nil {
			gone = n > 0 && fds[0].Revents&unix.POLLHUP != 0
		}
	}); cerr != nil {
		return true
	}
	return gone
}
