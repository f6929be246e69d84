package bot

import (
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// Defaults for the HTTP transport.
const (
	// DefaultHTTPAddr is where RunHTTP listens unless told otherwise. A
	// reverse proxy or tunnel in front of it provides the public HTTPS URL.
	DefaultHTTPAddr = "127.0.0.1:8080"
	// InteractionsPath is the path Discord POSTs interactions to.
	InteractionsPath = "/interactions"
	// DefaultMaxBodyBytes bounds the size of an interaction request.
	DefaultMaxBodyBytes = 1 << 20
	// MaxTimestampSkew is how far X-Signature-Timestamp may be from now, in
	// either direction, before a request is refused as a possible replay.
	MaxTimestampSkew = 5 * time.Minute
)

// HTTPOption configures NewHTTPHandler, ServeHTTP and RunHTTP.
type HTTPOption func(*httpConfig)

// httpConfig is what the HTTP options set.
type httpConfig struct {
	log        *slog.Logger
	deferAfter time.Duration
	maxBody    int64
	now        func() time.Time
	client     *http.Client
	sender     Sender
	ledger     Ledger
	claimWait  time.Duration
	// wrap wraps the endpoint's handler (WithWrap).
	wrap  func(http.Handler) http.Handler
	grace time.Duration
}

// WithLogger sets the logger of the HTTP transport; the default discards.
func WithLogger(log *slog.Logger) HTTPOption {
	return func(c *httpConfig) { c.log = log }
}

// WithSender sets what delivers deferred responses, replacing the default
// REST client of DefaultAPIURL.
func WithSender(s Sender) HTTPOption {
	return func(c *httpConfig) { c.sender = s }
}

// WithLedger sets the record of interactions already received; the
// default is a MemoryLedger of DefaultLedgerSize ids.
func WithLedger(l Ledger) HTTPOption {
	return func(c *httpConfig) { c.ledger = l }
}

// WithClaimTimeout sets how long the ledger may take to claim an
// interaction before it is answered without it; DefaultClaimTimeout
// when d <= 0.
func WithClaimTimeout(d time.Duration) HTTPOption {
	return func(c *httpConfig) { c.claimWait = d }
}

// WithWrap wraps the interactions endpoint in ServeHTTP's server, for
// example to serve health and metrics paths beside it and count
// responses. Requests it passes on reach the endpoint as before.
func WithWrap(wrap func(http.Handler) http.Handler) HTTPOption {
	return func(c *httpConfig) { c.wrap = wrap }
}

// httpHandler serves POST /interactions.
type httpHandler struct {
	key ed25519.PublicKey
	cfg httpConfig
	d   *deferrer
}

// NewHTTPHandler returns the handler for Discord's Interactions Endpoint
// URL. It serves POST /interactions (404 for other paths, 405 for other
// methods), refuses requests whose Ed25519 signature does not verify with
// publicKey or whose timestamp is more than MaxTimestampSkew away (401),
// answers PING with PONG and passes everything else to handler through
// the deferral middleware. Responses with files are sent as
// multipart/form-data. Deferred responses are delivered through Discord's
// REST API with a token-less discordgo session.
func NewHTTPHandler(publicKey ed25519.PublicKey, handler Handler, opts ...HTTPOption) http.Handler {
	return newHTTPHandler(publicKey, handler, opts...)
}

// newHTTPHandler is NewHTTPHandler with its concrete type, which ServeHTTP
// and the tests need to reach its configuration and deferrer.
func newHTTPHandler(publicKey ed25519.PublicKey, handler Handler, opts ...HTTPOption) *httpHandler {
	cfg := httpConfig{maxBody: DefaultMaxBodyBytes, now: time.Now, wrap: func(h http.Handler) http.Handler { return h }}
	for _, o := range opts {
		o(&cfg)
	}
	cfg.log = orDiscard(cfg.log)
	if cfg.sender == nil {
		cfg.sender = NewREST("", cfg.client, cfg.log)
	}
	d := newDeferrer(handler, cfg.sender, cfg.ledger, cfg.deferAfter, cfg.log)
	if cfg.claimWait > 0 {
		d.claimWait = cfg.claimWait
	}
	return &httpHandler{key: publicKey, cfg: cfg, d: d}
}

// firstError keeps the first error its reader returned.
type firstError struct {
	io.ReadCloser
	err error
}

func (f *firstError) Read(p []byte) (int, error) {
	n, err := f.ReadCloser.Read(p)
	if f.err == nil && err != nil && err != io.EOF {
		f.err = err
	}
	return n, err
}

// ServeHTTP implements http.Handler.
func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != InteractionsPath {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}

	// The signature is checked before anything else reads the body.
	body := &firstError{ReadCloser: http.MaxBytesReader(w, r.Body, h.cfg.maxBody)}
	r.Body = body
	if !discordgo.VerifyInteraction(r, h.key) {
		// VerifyInteraction swallows read errors: the one kept tells a
		// body over the limit from a bad signature.
		if errors.As(body.err, new(*http.MaxBytesError)) {
			h.cfg.log.Warn("interaction request too large", "limit", h.cfg.maxBody)
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		h.cfg.log.Warn("interaction request with a missing or bad signature", "remote", r.RemoteAddr)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	if err := h.checkTimestamp(r.Header.Get("X-Signature-Timestamp")); err != nil {
		h.cfg.log.Warn("interaction request with a stale timestamp", "remote", r.RemoteAddr, "err", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}

	raw, _ := io.ReadAll(r.Body) // the copy VerifyInteraction restored, in memory
	i, err := readInteraction(raw)
	if bad, ok := errors.AsType[*badInteraction](err); ok {
		h.cfg.log.Warn("refusing a request that is not an interaction nimtutor handles", "err", bad.msg, "type", bad.typ, "remote", r.RemoteAddr)
		jsonError(w, http.StatusBadRequest, bad.msg)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}

	tw := &peekWriter{ResponseWriter: w}
	defer func() {
		if rec := recover(); rec != nil {
			h.cfg.log.Error("HTTP transport panicked", append(logAttrs(i), "panic", rec, "stack", string(debug.Stack()))...)
			if tw.code == 0 { // nothing written yet
				writeResponse(tw, errorResponse(i))
			}
		}
	}()
	respond := func(resp *discordgo.InteractionResponse) error { return writeResponse(tw, resp) }
	fe, _ := errors.AsType[*discordx.FieldError](err)
	if err := h.d.answer(r.Context(), i, fe, respond); errors.Is(err, errDuplicate) {
		jsonError(tw, http.StatusBadRequest, "interaction "+i.ID+" was already received")
	}
}

// jsonError writes a JSON error body with the given status.
func jsonError(w http.ResponseWriter, status int, msg string) {
	body, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{msg})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// checkTimestamp reports an error unless ts, in Unix seconds, is within
// MaxTimestampSkew of now.
func (h *httpHandler) checkTimestamp(ts string) error {
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return err
	}
	skew := h.cfg.now().Sub(time.Unix(secs, 0))
	if skew.Abs() > MaxTimestampSkew {
		return errors.New("timestamp " + ts + " is " + skew.Truncate(time.Second).String() + " off")
	}
	return nil
}

// writeResponse writes resp as the HTTP response: JSON, or multipart/form-
// data with a payload_json part and files[n] parts when it carries files.
func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	p, err := encodeResponse(resp)
	if err != nil {
		return err // nothing written yet: the caller may send another
	}
	w.Header().Set("Content-Type", p.contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(p.body)))
	w.WriteHeader(http.StatusOK)
	if _, err = w.Write(p.body); err != nil {
		return err
	}
	// Send it now: a deferred handler may edit the response right after.
	if err := http.NewResponseController(w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}

// Server timeouts for the HTTP transport. Discord waits three seconds for
// an answer, so nothing legitimate is slow.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 10 * time.Second
	idleTimeout       = 60 * time.Second
)

// Shutdown timing, shared by both transports: work in flight may finish
// for DefaultShutdownGrace, then it is cancelled and apologised for, and
// the transport returns within ShutdownTimeout of being told to stop.
const (
	// DefaultShutdownGrace is how long work in flight may finish on its own.
	DefaultShutdownGrace = 500 * time.Millisecond
	// ShutdownTimeout bounds a transport's whole shutdown.
	ShutdownTimeout = 1800 * time.Millisecond
)

// RunHTTP listens on addr (DefaultHTTPAddr when empty) and serves the
// interactions endpoint until ctx is cancelled; see ServeHTTP.
func RunHTTP(ctx context.Context, addr string, publicKey ed25519.PublicKey, handler Handler, log *slog.Logger, opts ...HTTPOption) error {
	ln, err := net.Listen("tcp", cmp.Or(addr, DefaultHTTPAddr))
	if err != nil {
		return err
	}
	return ServeHTTP(ctx, ln, publicKey, handler, log, opts...)
}

// ServeHTTP serves the interactions endpoint (see NewHTTPHandler) on ln
// until ctx is cancelled, then stops accepting requests, lets those in
// flight and pending deferred responses finish for a few seconds, and
// returns nil. It closes ln.
func ServeHTTP(ctx context.Context, ln net.Listener, publicKey ed25519.PublicKey, handler Handler, log *slog.Logger, opts ...HTTPOption) error {
	log = orDiscard(log)
	h := newHTTPHandler(publicKey, handler, append([]HTTPOption{WithLogger(log)}, opts...)...)
	srv := &http.Server{
		Handler:           h.cfg.wrap(h),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("serving interactions", "addr", ln.Addr().String(), "path", InteractionsPath)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down HTTP transport")
	start := time.Now()
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	// Shutdown closes the listener and waits for requests in flight, which
	// end once the deferrer has answered them, finished or cancelled.
	stopped := make(chan error, 1)
	go func() { stopped <- srv.Shutdown(sctx) }()
	h.d.shutdown(sctx, h.cfg.grace)
	if err := <-stopped; err != nil {
		srv.Close()
	}
	<-errc
	log.Info("HTTP transport stopped", "took", time.Since(start).Round(time.Millisecond))
	return nil
}
