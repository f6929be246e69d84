package storetest

import (
	"io"
	"net"
	"sync"
	"testing"
)

// Proxy forwards TCP connections to a database until stopped; then it
// cuts the open connections and refuses new ones, as a PostgreSQL server
// that was shut down looks to its clients.
type Proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// NewProxy listens on a loopback port and forwards to the address to.
// It stops when the test ends, if not before.
func NewProxy(tb testing.TB, to string) *Proxy {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	p := &Proxy{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d, err := net.Dial("tcp", to)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, d)
			p.mu.Unlock()
			go func() { io.Copy(d, c); d.Close() }()
			go func() { io.Copy(c, d); c.Close() }()
		}
	}()
	tb.Cleanup(p.Stop)
	return p
}

// Addr is the address to connect to instead of the database's.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Stop cuts every connection and refuses new ones.
func (p *Proxy) Stop() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}
