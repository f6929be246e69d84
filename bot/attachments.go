package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/fault"
)

// DefaultAttachmentHosts are the hosts Discord serves attachments from.
var DefaultAttachmentHosts = []string{"cdn.discordapp.com", "media.discordapp.net"}

// DefaultDownloadTimeout bounds one download, redirects included.
const DefaultDownloadTimeout = 10 * time.Second

// maxRedirects is how many redirects (each to an allowed host) a download
// follows.
const maxRedirects = 3

// downloadErr returns a download that failed for a reason the person who
// attached the file can act on: a *fault.Error (EInvalid) whose message
// is a sentence for them and whose Err, when set, is the cause, for the
// log.
func downloadErr(cause error, format string, args ...any) *fault.Error {
	return fault.New(fault.EInvalid, "", format, args...).Wrap(cause)
}

// ParseAttachmentHosts reads a comma-separated list of host or host:port
// entries, as NIMTUTOR_ATTACHMENT_HOSTS holds them. An empty list means
// DefaultAttachmentHosts.
func ParseAttachmentHosts(list string) ([]string, error) {
	var hosts []string
	for _, h := range strings.Split(list, ",") {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		if strings.ContainsAny(h, "/@?#") {
			return nil, fmt.Errorf("attachment host %q: give host or host:port, without a scheme or path", h)
		}
		if host, port, err := net.SplitHostPort(h); err == nil {
			if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || host == "" {
				return nil, fmt.Errorf("attachment host %q: the port must be a number from 1 to 65535", h)
			}
		} else if strings.Contains(h, ":") && !strings.HasPrefix(h, "[") {
			return nil, fmt.Errorf("attachment host %q: write an IPv6 address in brackets, as [::1]:8080", h)
		}
		hosts = append(hosts, h)
	}
	if len(hosts) == 0 {
		return slices.Clone(DefaultAttachmentHosts), nil
	}
	return hosts, nil
}

// Downloader fetches the files attached to interactions, and nothing else:
// only from the allowed hosts, over HTTPS (plain HTTP only for a loopback
// host named in the list, so tests can serve files locally), following
// redirects only to allowed hosts, within a size and a time limit, and
// only text. It implements commands.Attachments.
type Downloader struct {
	hosts   map[string]bool // "host" (default port) or "host:port"
	client  *http.Client
	timeout time.Duration
	log     *slog.Logger
}

// NewDownloader returns a Downloader for the given hosts (see
// ParseAttachmentHosts) with a time limit per download; timeout <= 0 means
// DefaultDownloadTimeout. Refused and failed downloads are logged to log
// (nil discards) with their cause and without the file's signed query.
func NewDownloader(hosts []string, timeout time.Duration, log *slog.Logger) *Downloader {
	if timeout <= 0 {
		timeout = DefaultDownloadTimeout
	}
	d := &Downloader{hosts: map[string]bool{}, timeout: timeout, log: orDiscard(log)}
	for _, h := range hosts {
		d.hosts[strings.ToLower(h)] = true
	}
	// A program (or a test) may have wrapped http.DefaultTransport; the
	// downloader then starts from a fresh transport of its own.
	transport := &http.Transport{Proxy: http.ProxyFromEnvironment, ForceAttemptHTTP2: true, TLSHandshakeTimeout: 10 * time.Second}
	if base, ok := http.DefaultTransport.(*http.Transport); ok {
		transport = base.Clone()
	}
	transport.ResponseHeaderTimeout = timeout
	d.client = &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return downloadErr(nil, "the file's address redirected more than %d times", maxRedirects)
			}
			if err := d.allowed(req.URL); err != nil {
				return downloadErr(err, "the file's address redirected to %s, which is not an allowed attachment host", req.URL.Host)
			}
			return nil
		},
	}
	return d
}

// allowed reports why u may not be downloaded, or nil.
func (d *Downloader) allowed(u *url.URL) error {
	host, port := strings.ToLower(u.Hostname()), u.Port()
	defaultPort := map[string]string{"https": "443", "http": "80"}[u.Scheme]
	switch {
	case defaultPort == "":
		return fmt.Errorf("scheme %q is not https", u.Scheme)
	case u.Scheme == "http" && !isLoopback(host):
		return fmt.Errorf("%s: plain http is allowed only for a loopback host", host)
	case port == "":
		port = defaultPort
	}
	if d.hosts[net.JoinHostPort(host, port)] || port == defaultPort && d.hosts[host] {
		return nil
	}
	return fmt.Errorf("%s is not an allowed attachment host", net.JoinHostPort(host, port))
}

// isLoopback reports whether host, a URL's Hostname, names this machine.
func isLoopback(host string) bool {
	return host == "localhost" || net.ParseIP(host).IsLoopback()
}

// Download returns the content of the attachment a, which must be text of
// at most limit bytes. Every error is a *fault.Error whose message says
// what was wrong in words for the person who attached the file.
func (d *Downloader) Download(ctx context.Context, a *discordgo.MessageAttachment, limit int64) (_ []byte, err error) {
	defer func() {
		if err != nil {
			where := ""
			if u, perr := url.Parse(a.URL); perr == nil {
				where = u.Scheme + "://" + u.Host + u.Path
			}
			d.log.Info("attachment refused", "file", where, "size", a.Size, "why", err.Error(), "cause", errors.Unwrap(err))
		}
	}()
	name := cmp.Or(a.Filename, "the file")
	if a.Size > 0 && int64(a.Size) > limit {
		return nil, downloadErr(nil, "%s has %s; the limit is %s", name, sizeText(int64(a.Size)), sizeText(limit))
	}
	if !isText(a.ContentType) {
		return nil, downloadErr(nil, "%s is %s, not text; upload a plain text file (.txt)", name, a.ContentType)
	}
	ctx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.URL, nil)
	if err != nil {
		return nil, downloadErr(err, "%s has no usable address", name)
	}
	if err := d.allowed(req.URL); err != nil {
		return nil, downloadErr(err, "%s is not on Discord's attachment hosts, so nimtutor does not fetch it", name)
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return nil, d.failed(ctx, name, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, downloadErr(fmt.Errorf("status %s", resp.Status), "%s could not be downloaded (HTTP %d); upload it again", name, resp.StatusCode)
	}
	if resp.ContentLength > limit {
		return nil, downloadErr(nil, "%s has %s; the limit is %s", name, sizeText(resp.ContentLength), sizeText(limit))
	}
	if ct := resp.Header.Get("Content-Type"); !isText(ct) {
		return nil, downloadErr(nil, "%s is %s, not text; upload a plain text file (.txt)", name, mediaType(ct))
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, d.failed(ctx, name, err)
	}
	return checkBody(name, body, limit)
}

// checkBody refuses a body read with a limit of limit+1 bytes that is
// over the limit or does not look like text.
func checkBody(name string, body []byte, limit int64) ([]byte, error) {
	if int64(len(body)) > limit {
		return nil, downloadErr(nil, "%s has more than %s; the limit is %s", name, sizeText(limit), sizeText(limit))
	}
	if sniffed := http.DetectContentType(body); !strings.HasPrefix(sniffed, "text/") {
		return nil, downloadErr(nil, "%s does not look like text (it reads as %s); upload a plain text file (.txt)", name, mediaType(sniffed))
	}
	return body, nil
}

// LocalFiles reads attached files from this machine's disk: the console
// attaches a file by its path, as a file:// URL. It applies Downloader's
// size and text checks. It implements commands.Attachments.
type LocalFiles struct{}

// Download reads the file a names, which must be text of at most limit
// bytes. Every error is a *fault.Error. Reading a local file of a few
// megabytes is quick, so ctx is not consulted.
func (LocalFiles) Download(_ context.Context, a *discordgo.MessageAttachment, limit int64) ([]byte, error) {
	path, ok := strings.CutPrefix(a.URL, "file://")
	if !ok {
		return nil, downloadErr(nil, "%s is not a local file", a.Filename)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, downloadErr(err, "%s cannot be read: %v", a.Filename, errors.Unwrap(err))
	}
	defer f.Close()
	body, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, downloadErr(err, "%s cannot be read: %v", a.Filename, err)
	}
	return checkBody(a.Filename, body, limit)
}

// failed explains a download that broke off.
func (d *Downloader) failed(ctx context.Context, name string, err error) error {
	if de, ok := errors.AsType[*fault.Error](err); ok {
		return de // a refused redirect
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return downloadErr(err, "downloading %s took longer than %s; try a smaller file or again later", name, d.timeout)
	}
	return downloadErr(err, "%s could not be downloaded; upload it again", name)
}

// isText reports whether a declared content type may be text. No type, or
// the generic application/octet-stream that files without a known
// extension get, is decided by sniffing the content instead.
func isText(contentType string) bool {
	mt := mediaType(contentType)
	return mt == "" || mt == "application/octet-stream" || strings.HasPrefix(mt, "text/")
}

// mediaType returns the media type of a Content-Type, without parameters.
func mediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return strings.ToLower(strings.TrimSpace(contentType))
	}
	return mt
}

// sizeText writes a size as "812 bytes", "12 KB" or "8.0 MB".
func sizeText(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
