package bot

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// fakeCDN serves attachments on loopback the way Discord's CDN does, and
// the ways it must not be trusted to.
type fakeCDN struct {
	srv  *httptest.Server
	hits atomic.Int64
}

// pngHeader is the start of every PNG file.
const pngHeader = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"

func newFakeCDN(tb testing.TB, other string) *fakeCDN {
	tb.Helper()
	c := &fakeCDN{}
	mux := http.NewServeMux()
	text := func(ct, body string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			if ct != "" {
				w.Header().Set("Content-Type", ct)
			}
			w.Write([]byte(body))
		}
	}
	mux.HandleFunc("/ok.txt", text("text/plain; charset=utf-8", "..P.P\n"))
	mux.HandleFunc("/noext", text("application/octet-stream", "1\n..P.P\n"))
	mux.HandleFunc("/judge-adapwns.txt", text("text/plain; charset=utf-8", "3\n..P.P\nP\n.P\n"))
	mux.HandleFunc("/huge.txt", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", strconv.Itoa(3<<19))
		w.Write(bytes.Repeat([]byte("."), 3<<19))
	})
	mux.HandleFunc("/image.png", text("image/png", pngHeader))
	mux.HandleFunc("/binary", text("application/octet-stream", "\x00\x01\x02\x03binary\x00"))
	mux.HandleFunc("/lying.txt", text("text/plain", pngHeader+"\x00\x00"))
	mux.HandleFunc("/big.txt", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", "4096")
		w.Write(bytes.Repeat([]byte("."), 4096))
	})
	mux.HandleFunc("/big-chunked.txt", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for range 4 {
			w.Write(bytes.Repeat([]byte("."), 1024))
			w.(http.Flusher).Flush() // no Content-Length: the size shows only while reading
		}
	})
	mux.HandleFunc("/slow.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("..P"))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	mux.HandleFunc("/redirect-here", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/ok.txt", http.StatusFound)
	})
	mux.HandleFunc("/redirect-away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other+"/ok.txt", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.hits.Add(1)
		mux.ServeHTTP(w, r)
	}))
	tb.Cleanup(c.srv.Close)
	return c
}

// host returns the CDN's host:port.
func (c *fakeCDN) host() string { u, _ := url.Parse(c.srv.URL); return u.Host }

// attachment names a file on the CDN.
func (c *fakeCDN) attachment(path string) *discordgo.MessageAttachment {
	return &discordgo.MessageAttachment{ID: "1", Filename: strings.TrimPrefix(path, "/"), URL: c.srv.URL + path}
}

func TestDownloader(t *testing.T) {
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("..P.P")) }))
	defer elsewhere.Close()
	cdn := newFakeCDN(t, elsewhere.URL)
	d := NewDownloader([]string{cdn.host()}, 300*time.Millisecond, testLogger(t))
	const limit = 1024
	tests := []struct {
		name string
		a    *discordgo.MessageAttachment
		want string // the content, or a substring of the error after "!"
	}{
		{"text", cdn.attachment("/ok.txt"), "..P.P\n"},
		{"no extension, text inside", cdn.attachment("/noext"), "1\n..P.P\n"},
		{"redirect on the same host", cdn.attachment("/redirect-here"), "..P.P\n"},
		{"oversized, said by Content-Length", cdn.attachment("/big.txt"), "!big.txt has 4 KB; the limit is 1 KB"},
		{"oversized, found while reading", cdn.attachment("/big-chunked.txt"), "!big-chunked.txt has more than 1 KB; the limit is 1 KB"},
		{"slow", cdn.attachment("/slow.txt"), "!downloading slow.txt took longer than 300ms"},
		{"redirect to another host", cdn.attachment("/redirect-away"), "!redirected to " + strings.TrimPrefix(elsewhere.URL, "http://") + ", which is not an allowed attachment host"},
		{"endless redirects", cdn.attachment("/loop"), "!redirected more than 3 times"},
		{"an image", cdn.attachment("/image.png"), "!image.png is image/png, not text"},
		{"binary without a type", cdn.attachment("/binary"), "!binary does not look like text"},
		{"binary said to be text", cdn.attachment("/lying.txt"), "!lying.txt does not look like text"},
		{"missing", cdn.attachment("/nothing.txt"), "!(HTTP 404)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := d.Download(context.Background(), tt.a, limit)
			want, wantErr := strings.CutPrefix(tt.want, "!")
			var de *solver.Error
			switch {
			case !wantErr && (err != nil || string(got) != want):
				t.Errorf("got %q, %v; want %q", got, err, want)
			case wantErr && (err == nil || !strings.Contains(err.Error(), want)):
				t.Errorf("got %q, %v; want an error with %q", got, err, want)
			case wantErr && !errors.As(err, &de):
				t.Errorf("error %T is not a *solver.Error", err)
			}
		})
	}
}

func TestDownloaderRefusesBeforeFetching(t *testing.T) {
	cdn := newFakeCDN(t, "")
	other := newFakeCDN(t, "")
	d := NewDownloader([]string{cdn.host(), "cdn.discordapp.com"}, time.Second, testLogger(t))
	tests := []struct {
		name string
		a    *discordgo.MessageAttachment
		want string
	}{
		{"declared too big", &discordgo.MessageAttachment{Filename: "in.txt", URL: cdn.srv.URL + "/ok.txt", Size: 2048}, "in.txt has 2 KB; the limit is 1 KB"},
		{"declared an image", &discordgo.MessageAttachment{Filename: "board.png", URL: cdn.srv.URL + "/ok.txt", ContentType: "image/png"}, "board.png is image/png, not text"},
		{"a host not in the list", &discordgo.MessageAttachment{Filename: "x.txt", URL: "https://evil.example/x.txt"}, "not on Discord's attachment hosts"},
		{"a loopback host not in the list", &discordgo.MessageAttachment{Filename: "x.txt", URL: other.srv.URL + "/ok.txt"}, "not on Discord's attachment hosts"},
		{"plain http to a listed host", &discordgo.MessageAttachment{Filename: "x.txt", URL: "http://cdn.discordapp.com/x.txt"}, "not on Discord's attachment hosts"},
		{"a listed host on another port", &discordgo.MessageAttachment{Filename: "x.txt", URL: "https://cdn.discordapp.com:8443/x.txt"}, "not on Discord's attachment hosts"},
		{"another scheme", &discordgo.MessageAttachment{Filename: "x.txt", URL: "file:///etc/passwd"}, "not on Discord's attachment hosts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := d.Download(context.Background(), tt.a, 1024)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
	if n := cdn.hits.Load() + other.hits.Load(); n != 0 {
		t.Errorf("%d requests reached the CDNs, want none", n)
	}
}

func TestParseAttachmentHosts(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"", DefaultAttachmentHosts, ""},
		{" , ", DefaultAttachmentHosts, ""},
		{"CDN.discordapp.com, 127.0.0.1:8080", []string{"cdn.discordapp.com", "127.0.0.1:8080"}, ""},
		{"[::1]:9000", []string{"[::1]:9000"}, ""},
		{"https://cdn.discordapp.com", nil, "without a scheme or path"},
		{"cdn.discordapp.com/attachments", nil, "without a scheme or path"},
		{"localhost:http", nil, "port must be a number"},
		{"localhost:0", nil, "port must be a number"},
		{"::1", nil, "IPv6 address in brackets"},
	}
	for _, tt := range tests {
		got, err := ParseAttachmentHosts(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseAttachmentHosts(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseAttachmentHosts(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}
