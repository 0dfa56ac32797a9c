package node

// Spec: Node.js v20 src/tcp_wrap.cc, src/pipe_wrap.cc, src/stream_wrap.cc and
// src/stream_base.cc (the handle lib/net.js drives: listen, onconnection, connect,
// readStart/readStop, onread, writeBuffer with its try-write first, shutdown, close) over
// libuv 1.46's streams (docs "uv_stream_t", "uv_tcp_t", "uv_pipe_t").
//
// A stream is a real OS socket (Go's net): the loop goroutine does what libuv does at once
// (bind and listen, a try-write, close); a goroutine per socket waits for what libuv polls
// for (readable: a read; a connect; an accept; the rest of a write that did not fit) and
// posts its completion, which runs in the poll phase. A reader reads one chunk, then waits
// until the loop took it (one chunk in flight per socket: memory stays bounded whatever the
// script does not read); an acceptor has at most acceptWindow connections posted and not yet
// taken by the loop (the rest wait in the kernel's backlog).
//
// LOOPBACK ONLY (DEPARTURE): listen and connect refuse any address outside 127.0.0.0/8 and
// ::1 with EACCES, unless Options.AnyAddress; 'localhost' is 127.0.0.1, and listen without
// a host binds 127.0.0.1 (node binds ::).

import (
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/buffer"
)

const (
	readChunk    = 64 << 10 // libuv's read buffer (node's onread allocates 64 KiB)
	acceptWindow = 128
)

// netState is what the process's sockets share.
type netState struct {
	bufs sync.Pool // read buffers
	// Virtual time (poll.go): what the poll phase waits for.
	expect         int                    // connects in flight, accepts of our own connects
	byPair         map[string]*stream     // connected TCP sockets by "local>remote"
	awaiting       map[*stream]struct{}   // sockets a socket of ours sent bytes or an end to
	pendingAccepts map[string]float64     // a connect's server-side key -> the connect's seq
	arrivedAccepts map[string]*completion // an accept no connect of ours claimed yet
}

// expected counts the events a virtual-time poll phase waits for.
func (n *netState) expected() int {
	c := n.expect
	for s := range n.awaiting {
		if s.reading && !s.closing {
			c++
		}
	}
	return c
}

// sent is what a socket of ours sent to a reading peer and the peer has not read yet.
type sent struct {
	key float64 // the write's (or the end's) seq
	n   int     // bytes; 0 with eof
	eof bool
}

// stream is a uv_tcp_t or uv_pipe_t with node's wrap: a server or a socket.
type stream struct {
	*handle
	network string // "tcp" or "unix"
	obj     *goja.Object
	conn    net.Conn
	raw     syscall.RawConn
	ln      net.Listener
	pair    string  // "local>remote" (TCP)
	peerOf  *stream // the socket of ours at the other end, once found

	reading bool     // readStart'ed (on the loop)
	stash   []func() // deliveries that came after readStop, for the next readStart
	queued  int      // writes and shutdowns handed to the writer
	writes  chan func()
	shut    bool // shutdown or closed: the peer was told the end

	fifo    []sent // what a socket of ours sent here, not read yet (virtual time)
	surplus int    // bytes read before their write was accounted
	eofSeen bool
	lastKey float64     // the last read's order key
	child   *childState // the child process whose stdio this pipe is

	mu       sync.Mutex // the reader's wish, shared with the reader goroutine
	cond     *sync.Cond
	wantRead bool
	dead     bool
	started  bool // the reader goroutine runs
	ack      chan struct{}
	done     chan struct{} // closed when the handle closes
	sem      chan struct{} // a server's accepts in flight
}

func (p *Process) newStream(network string, server bool) *stream {
	kind := map[string]string{"tcp": "TCP", "unix": "Pipe"}[network]
	if server {
		kind += "Server"
	}
	s := &stream{handle: p.newHandle(kind), network: network, ack: make(chan struct{}, 1), done: make(chan struct{})}
	s.handle.stream = s
	s.cond = sync.NewCond(&s.mu)
	s.obj = p.streamObject(s)
	return s
}

// attach makes s a connected socket over c.
func (s *stream) attach(c net.Conn) {
	s.conn = c
	if sc, ok := c.(syscall.Conn); ok {
		s.raw, _ = sc.SyscallConn()
	}
	s.name = addrString(c.RemoteAddr())
	if s.network == "tcp" {
		n := &s.p.net
		s.pair = c.LocalAddr().String() + ">" + c.RemoteAddr().String()
		if n.byPair == nil {
			n.byPair = map[string]*stream{}
		}
		n.byPair[s.pair] = s
	}
}

// peer is the socket of ours at the other end, if any.
func (s *stream) peer() *stream {
	if s.peerOf != nil {
		return s.peerOf
	}
	if s.conn == nil || s.network != "tcp" {
		return nil
	}
	s.peerOf = s.p.net.byPair[s.conn.RemoteAddr().String()+">"+s.conn.LocalAddr().String()]
	return s.peerOf // found once, kept (a socket's peer does not change)
}

// tell records, for virtual time, that n bytes (or the end) went from s to its peer.
func (s *stream) tell(key float64, n int, eof bool) {
	peer := s.peer()
	if peer == nil || peer.closing {
		return
	}
	if !eof {
		take := min(n, peer.surplus)
		peer.surplus -= take
		n -= take
		if n == 0 {
			return
		}
	} else if peer.eofSeen {
		return
	}
	peer.fifo = append(peer.fifo, sent{key, n, eof})
	if peer.p.net.awaiting == nil {
		peer.p.net.awaiting = map[*stream]struct{}{}
	}
	peer.p.net.awaiting[peer] = struct{}{}
}

// arrivedKeys splits what a read brought by the writes that sent it (virtual time): each
// piece with its write's seq. Bytes no write of ours accounts for get a fresh seq.
func (s *stream) arrivedKeys(n int, eof bool) (keys []float64, sizes []int) {
	for n > 0 && len(s.fifo) > 0 && !s.fifo[0].eof {
		f := &s.fifo[0]
		take := min(n, f.n)
		keys, sizes = append(keys, f.key), append(sizes, take)
		f.n -= take
		n -= take
		if f.n == 0 {
			s.fifo = s.fifo[1:]
		}
	}
	if n > 0 {
		key := s.p.nextSeq()
		if len(s.fifo) > 0 {
			key = s.fifo[0].key // bytes before an end that is awaited come before it
		} else {
			s.surplus += n
		}
		keys, sizes = append(keys, key), append(sizes, n)
	}
	if eof {
		s.eofSeen = true
		if len(s.fifo) > 0 && s.fifo[0].eof {
			keys, sizes = append(keys, s.fifo[0].key), append(sizes, 0)
		} else {
			keys, sizes = append(keys, s.p.nextSeq()), append(sizes, 0)
		}
		// Nothing more comes from this socket (an end, or an error such as a reset that lost
		// bytes): nothing more is awaited from it.
		s.fifo = nil
	}
	if len(s.fifo) == 0 {
		delete(s.p.net.awaiting, s)
	}
	return keys, sizes
}

// --- listen and accept (uv_listen, uv__server_io) ---

func (s *stream) listen(addr string) error {
	ln, err := net.Listen(s.network, addr)
	if err != nil {
		return err
	}
	s.ln = ln
	s.kind += "Server"
	s.name = addrString(ln.Addr())
	s.sem = make(chan struct{}, acceptWindow)
	s.setActive(true)
	go s.acceptLoop()
	return nil
}

func (s *stream) acceptLoop() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue // EMFILE and the like: libuv retries on the next readiness
		}
		select {
		case s.sem <- struct{}{}:
		case <-s.done:
			c.Close()
			return
		}
		s.p.l.Post(func() { s.accepted(c) })
	}
}

// accepted runs on the loop when the acceptor posts a connection.
func (s *stream) accepted(c net.Conn) {
	<-s.sem // taken by the loop: the acceptor may go on (a poll may wait for its next one)
	p := s.p
	key := p.nextSeq()
	n := &p.net
	var match string
	if s.network == "tcp" {
		match = c.LocalAddr().String() + ">" + c.RemoteAddr().String()
		if k, ok := n.pendingAccepts[match]; ok {
			delete(n.pendingAccepts, match)
			n.expect--
			key = k - 0.5 // the server's 'connection' before the client's 'connect'
		}
	}
	child := p.newStream(s.network, false)
	child.attach(c)
	comp := p.completed(key, func() {
		if s.closing {
			child.destroy()
			return
		}
		p.callJS("TCPWRAP onconnection", s.obj.Get("onconnection"), s.obj, 0, child.obj)
	})
	if key != float64(int64(key)) {
		p.io.resort = true // placed before the connect it answers
	}
	if match != "" && key == comp.key && s.network == "tcp" {
		if n.arrivedAccepts == nil {
			n.arrivedAccepts = map[string]*completion{}
		}
		n.arrivedAccepts[match] = comp
	}
}

// --- connect (uv_tcp_connect, uv_pipe_connect) ---

func (s *stream) connect(req *goja.Object, network, addr string) {
	p := s.p
	key := p.nextSeq()
	s.reqStarted()
	if network == "unix" {
		// A Unix socket connects at once or fails at once: libuv reports both from the
		// next iteration (uv_pipe_connect2: delayed_error, uv__io_feed), the pending phase.
		c, err := net.Dial(network, addr)
		if err == nil {
			s.attach(c)
		}
		p.deferToPending(func() { s.connected(req, err) })
		return
	}
	finish := func(c net.Conn, err error) {
		if err == nil && !s.closing {
			s.attach(c)
			p.claimAccept(s, key)
		}
		p.completed(key, func() {
			if err == nil && s.closing {
				c.Close()
			}
			s.connected(req, err)
		})
	}
	if !p.opts.AnyAddress {
		// Over loopback the kernel answers a connect at once (the handshake or the refusal
		// happens inside the call): libuv's non-blocking connect then sees it at the next
		// poll, which is where its completion runs.
		c, err := net.Dial(network, addr)
		finish(c, err)
		return
	}
	p.net.expect++
	go func() {
		c, err := net.Dial(network, addr)
		p.l.Post(func() {
			p.net.expect--
			finish(c, err)
		})
	}()
}

// claimAccept: the server side of a connect of ours is either already accepted (it runs
// first) or expected (the poll phase waits for it).
func (p *Process) claimAccept(s *stream, key float64) {
	n := &p.net
	srv := s.conn.RemoteAddr().String() + ">" + s.conn.LocalAddr().String()
	if c, ok := n.arrivedAccepts[srv]; ok {
		delete(n.arrivedAccepts, srv)
		c.key = key - 0.5
		p.io.resort = true
		return
	}
	if !p.ownsListener(s.conn.RemoteAddr().String()) {
		return
	}
	if n.pendingAccepts == nil {
		n.pendingAccepts = map[string]float64{}
	}
	n.pendingAccepts[srv] = key
	n.expect++
}

func (p *Process) ownsListener(addr string) bool {
	for h := range p.handles.live {
		if h.stream != nil && h.stream.ln != nil && !h.closing && h.stream.ln.Addr().String() == addr {
			return true
		}
	}
	return false
}

func (s *stream) connected(req *goja.Object, err error) {
	s.reqDone()
	if s.closing {
		return
	}
	status := 0
	if err != nil {
		status = uvErr(err).errno
	}
	s.p.callJS("TCPCONNECTWRAP", req.Get("oncomplete"), req, status, s.obj, req, true, true)
}

// --- reading (uv_read_start, uv_read_stop, uv__read) ---

func (s *stream) readStart() {
	if s.conn == nil || s.closing {
		return
	}
	s.reading = true
	s.setActive(true)
	if len(s.stash) > 0 {
		stash := s.stash
		s.stash = nil
		key := s.p.nextSeq()
		for _, d := range stash {
			s.p.completed(key, d)
		}
		s.lastKey = key
	}
	s.mu.Lock()
	s.wantRead = true
	if !s.started {
		s.started = true
		go s.readLoop()
	}
	s.cond.Signal()
	s.mu.Unlock()
}

func (s *stream) readStop() {
	s.reading = false
	s.setActive(false)
	s.mu.Lock()
	s.wantRead = false
	s.mu.Unlock()
}

func (s *stream) readLoop() {
	for {
		s.mu.Lock()
		for !s.wantRead && !s.dead {
			s.cond.Wait()
		}
		dead := s.dead
		s.mu.Unlock()
		if dead {
			return
		}
		var data []byte
		var rerr error
		err := s.raw.Read(func(fd uintptr) bool {
			bp := s.p.net.bufs.Get()
			buf, _ := bp.(*[]byte)
			if buf == nil {
				b := make([]byte, readChunk)
				buf = &b
			}
			defer s.p.net.bufs.Put(buf)
			n, e := syscall.Read(int(fd), *buf)
			switch {
			case e == syscall.EAGAIN || e == syscall.EINTR:
				return false
			case e != nil:
				rerr = e
			case n == 0:
				rerr = io.EOF
			default:
				data = append([]byte(nil), (*buf)[:n]...)
			}
			return true
		})
		if err != nil {
			return // closed
		}
		s.p.l.Post(func() { s.arrived(data, rerr) })
		if rerr != nil {
			return
		}
		select {
		case <-s.ack:
		case <-s.done:
			return
		}
	}
}

// arrived runs on the loop when the reader posts a chunk (or the end, or an error).
func (s *stream) arrived(data []byte, rerr error) {
	select {
	case s.ack <- struct{}{}:
	default:
	}
	if s.closing {
		return
	}
	if rerr != nil && len(data) == 0 && s.child != nil && !s.child.exited {
		// A child's pipe ends with the child: its end waits for the exit (childprocess.go).
		s.child.held = append(s.child.held, heldEnd{s, rerr})
		return
	}
	keys, sizes := s.arrivedKeys(len(data), rerr != nil)
	if !s.p.opts.VirtualTime && len(keys) > 1 {
		// Under the real clock a read stays one piece (as it came), in the order of its first
		// byte's write; an end after it in its own.
		first, last := keys[0], keys[len(keys)-1]
		keys, sizes = []float64{first}, []int{len(data)}
		if rerr != nil && len(data) > 0 {
			keys, sizes = append(keys, last), append(sizes, 0)
		}
	}
	for i := range keys {
		// A socket's reads stay in the order they came, whatever their writes' order.
		keys[i] = max(keys[i], s.lastKey)
		s.lastKey = keys[i]
	}
	off := 0
	for i, k := range keys {
		var piece []byte
		var perr error
		if sizes[i] > 0 || rerr == nil {
			piece = data[off : off+sizes[i]]
			off += sizes[i]
		} else {
			perr = rerr
		}
		s.p.completed(k, func() { s.deliver(piece, perr) })
	}
}

// deliver is uv__read's callback: node's onread (EmitRead), in the poll phase.
func (s *stream) deliver(data []byte, err error) {
	if s.closing {
		return
	}
	if !s.reading {
		s.stash = append(s.stash, func() { s.deliver(data, err) })
		return
	}
	p := s.p
	if err != nil {
		p.callJS("TCPWRAP onread", s.obj.Get("onread"), s.obj, goja.Undefined(), uvErr(err).errno)
		return
	}
	p.callJS("TCPWRAP onread", s.obj.Get("onread"), s.obj, buffer.WrapBytes(p.rt, data), 0)
}

// --- writing (StreamBase::WriteBuffer: uv_try_write, then uv_write for the rest) ---

// writeBuffer writes data: at once as far as the socket takes it, the rest on the writer.
// It reports an errno (0: none) and whether the write completes later (req.oncomplete in
// the poll phase) or is done now.
func (s *stream) writeBuffer(req *goja.Object, data []byte) (errno int, async bool) {
	p := s.p
	if s.conn == nil || s.shut || s.closing {
		return -int(syscall.EPIPE), false
	}
	key := p.nextSeq()
	if s.queued == 0 && s.raw != nil {
		n, err := s.tryWrite(data)
		if err != nil {
			return uvErr(err).errno, false
		}
		s.tell(key, n, false)
		if n == len(data) {
			return 0, false
		}
		data = data[n:]
	}
	rest := append([]byte(nil), data...)
	s.reqStarted()
	s.enqueue(func() {
		_, err := s.conn.Write(rest)
		p.l.Post(func() {
			if err == nil {
				s.tell(key, len(rest), false)
			}
			p.completed(key, func() { s.reqComplete("WriteWrap oncomplete", req, err) })
		})
	})
	return 0, true
}

// tryWrite is uv_try_write: one non-blocking write.
func (s *stream) tryWrite(data []byte) (int, error) {
	n, werr := 0, error(nil)
	err := s.raw.Write(func(fd uintptr) bool {
		for n < len(data) {
			m, e := syscall.Write(int(fd), data[n:])
			if e == syscall.EINTR {
				continue
			}
			if e != nil {
				if e != syscall.EAGAIN {
					werr = e
				}
				break
			}
			n += m
		}
		return true
	})
	if err != nil {
		return n, err
	}
	return n, werr
}

// reqComplete is a write or shutdown request's completion in the poll phase: the request
// leaves the socket's queue and, unless the socket is closing, its oncomplete (name) is
// called with libuv's status (0, or the negative errno of err).
func (s *stream) reqComplete(name string, req *goja.Object, err error) {
	s.queued--
	s.reqDone()
	if s.closing {
		return
	}
	status := 0
	if err != nil {
		status = uvErr(err).errno
	}
	s.p.callJS(name, req.Get("oncomplete"), req, status)
}

// enqueue hands work to the socket's writer goroutine (started on first use), in order.
func (s *stream) enqueue(fn func()) {
	s.queued++
	if s.writes == nil {
		s.writes = make(chan func(), 1<<16)
		go func() {
			for {
				select {
				case f := <-s.writes:
					f()
				case <-s.done:
					return
				}
			}
		}()
	}
	s.writes <- fn
}

// shutdown is uv_shutdown: after the queued writes, the write side ends (the peer reads
// its end); req.oncomplete runs in the poll phase.
func (s *stream) shutdown(req *goja.Object) int {
	p := s.p
	if s.conn == nil || s.closing {
		return -int(syscall.ENOTCONN)
	}
	s.shut = true
	key := p.nextSeq()
	s.reqStarted()
	type closeWriter interface{ CloseWrite() error }
	if s.queued == 0 {
		// Nothing queued: the write side ends now and the request completes from the
		// pending queue (uv_shutdown: uv__io_feed), which libuv also runs right after the
		// poll phase: 'finish' comes before the check phase of an end() called in poll.
		var err error
		if cw, ok := s.conn.(closeWriter); ok {
			err = cw.CloseWrite()
		}
		s.tell(key, 0, true)
		p.deferToPending(func() {
			s.reqDone()
			if s.closing {
				return
			}
			status := 0
			if err != nil {
				status = uvErr(err).errno
			}
			p.callJS("ShutdownWrap oncomplete", req.Get("oncomplete"), req, status)
		})
		return 0
	}
	s.enqueue(func() {
		var err error
		if cw, ok := s.conn.(closeWriter); ok {
			err = cw.CloseWrite()
		}
		p.l.Post(func() {
			s.tell(key, 0, true)
			p.completed(key, func() { s.reqComplete("ShutdownWrap oncomplete", req, err) })
		})
	})
	return 0
}

// --- closing (uv_close) ---

// closeHandle is HandleWrap::Close: the socket goes now, cb in the close-callbacks phase.
func (s *stream) closeHandle(cb goja.Value) {
	if s.closing {
		return
	}
	s.readStop()
	s.handle.close(func() {
		if cb != nil {
			s.p.callJS("HandleWrap close", cb, s.obj)
		}
	})
	if s.conn != nil && !s.shut {
		s.tell(s.p.nextSeq(), 0, true)
	}
	s.release()
}

// destroy closes a socket no script saw (an accept after its server closed).
func (s *stream) destroy() { s.closeHandle(nil) }

// release frees the OS side: the socket, the goroutines.
func (s *stream) release() {
	s.mu.Lock()
	if s.dead {
		s.mu.Unlock()
		return
	}
	s.dead = true
	s.cond.Broadcast()
	s.mu.Unlock()
	close(s.done)
	if s.conn != nil {
		s.conn.Close()
	}
	if s.ln != nil {
		s.ln.Close()
	}
	n := &s.p.net
	if s.pair != "" && n.byPair[s.pair] == s {
		delete(n.byPair, s.pair)
	}
	delete(n.awaiting, s)
	if s.ln != nil && s.network == "tcp" {
		// A connect of ours this server had not accepted yet will not be: not awaited.
		prefix := s.ln.Addr().String() + ">"
		for k := range n.pendingAccepts {
			if strings.HasPrefix(k, prefix) {
				delete(n.pendingAccepts, k)
				n.expect--
			}
		}
	}
}

// --- addresses ---

func addrString(a net.Addr) string {
	if a == nil {
		return ""
	}
	return a.String()
}

// sockaddr is node's address object: {address, family, port}, or a Unix socket's path.
func (p *Process) sockaddr(a net.Addr) goja.Value {
	switch a := a.(type) {
	case *net.TCPAddr:
		o := p.rt.NewObject()
		fam := "IPv4"
		ip := a.IP.String()
		if a.IP.To4() == nil {
			fam = "IPv6"
		}
		_ = o.Set("address", ip)
		_ = o.Set("family", fam)
		_ = o.Set("port", a.Port)
		return o
	case *net.UnixAddr:
		return p.rt.ToValue(a.Name)
	}
	return goja.Undefined()
}

// loopback reports whether host is an address a script may use: 127.0.0.0/8, ::1,
// 'localhost' (LOOPBACK ONLY, above).
func (p *Process) loopback(host string) bool {
	if p.opts.AnyAddress || host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func joinHostPort(host string, port int) string {
	if host == "localhost" || host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, strconv.Itoa(port))
}
