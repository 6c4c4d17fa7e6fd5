package testserver

import (
	"io"
	"net"
	"sync"
	"testing"
)

// Proxy forwards loopback TCP connections to a target address until Cut closes all of
// them at once, as a network failure would; it keeps accepting new connections after.
type Proxy struct {
	Address  string
	listener net.Listener
	target   string
	mu       sync.Mutex
	open     map[net.Conn]struct{}
}

// StartProxy listens on an ephemeral loopback port and forwards to target. It stops when
// the test ends.
func StartProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Address: listener.Addr().String(), listener: listener, target: target, open: map[net.Conn]struct{}{}}
	go p.serve()
	t.Cleanup(func() {
		_ = listener.Close()
		p.Cut()
	})
	return p
}

func (p *Proxy) serve() {
	for {
		client, err := p.listener.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			_ = client.Close()
			continue
		}
		p.track(client, server)
		go p.pipe(client, server)
		go p.pipe(server, client)
	}
}

func (p *Proxy) track(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range conns {
		p.open[c] = struct{}{}
	}
}

func (p *Proxy) pipe(dst, src net.Conn) {
	_, _ = io.Copy(dst, src)
	_ = dst.Close()
	_ = src.Close()
}

// Cut closes every connection open through the proxy and returns how many there were.
func (p *Proxy) Cut() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.open)
	for c := range p.open {
		_ = c.Close()
		delete(p.open, c)
	}
	return n
}
