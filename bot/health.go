package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Paths of the operations endpoints.
const (
	HealthzPath = "/healthz"
	ReadyzPath  = "/readyz"
	MetricsPath = "/metrics"
)

// readyTimeout bounds one readiness check.
const readyTimeout = 2 * time.Second

// Check is the readiness check of one component a process depends on.
type Check struct {
	// Component names it for an operator: "store". It is all a probe's
	// reader learns of a failure.
	Component string
	// Ready returns nil when the component can serve.
	Ready func(ctx context.Context) error
}

// NotReadyError says which component is not ready. Its text names the
// component only: the cause, which may carry a database's user, host,
// port or file path, is for the log (see Readiness).
type NotReadyError struct {
	Component string
	Err       error
}

// Error returns "COMPONENT is not ready".
func (e *NotReadyError) Error() string { return e.Component + " is not ready" }

// Unwrap returns the cause.
func (e *NotReadyError) Unwrap() error { return e.Err }

// Readiness returns a readiness function for Ops and ServeOps that runs
// checks in order and stops at the first that fails: its cause goes to
// log, with the component, and the function returns a *NotReadyError
// naming only the component.
func Readiness(log *slog.Logger, checks ...Check) func(ctx context.Context) error {
	log = orDiscard(log)
	return func(ctx context.Context) error {
		for _, c := range checks {
			if err := c.Ready(ctx); err != nil {
				log.Warn("not ready", "component", c.Component, "err", err)
				return &NotReadyError{Component: c.Component, Err: err}
			}
		}
		return nil
	}
}

// Ops serves the operations endpoints in front of next (which may be
// nil, for a listener of its own): GET /healthz answers 200 while the
// process serves at all (liveness); GET /readyz answers 200 "ready" when
// ready returns nil and 503 otherwise, with a body that names the
// component that is not ready (a *NotReadyError's) and nothing else:
// never the error's text, which may carry a host or a path; GET /metrics
// writes m. Every other request goes to next, counted by m.HTTP, or gets
// a 404 without next.
func Ops(next http.Handler, ready func(ctx context.Context) error, m *Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+HealthzPath, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET "+ReadyzPath, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if ready != nil {
			ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
			defer cancel()
			if err := ready(ctx); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				if nr, ok := errors.AsType[*NotReadyError](err); ok {
					fmt.Fprintln(w, "not ready:", nr.Component)
				} else {
					fmt.Fprintln(w, "not ready")
				}
				return
			}
		}
		fmt.Fprintln(w, "ready")
	})
	if m != nil {
		mux.Handle("GET "+MetricsPath, m)
	}
	if next != nil {
		if m != nil {
			next = m.HTTP(next)
		}
		mux.Handle("/", next)
	}
	return mux
}

// ServeOps serves Ops(nil, ready, m) on addr until ctx ends: the
// gateway transport's health and metrics listener.
func ServeOps(ctx context.Context, addr string, ready func(ctx context.Context) error, m *Metrics, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("metrics listener: %w", err)
	}
	srv := &http.Server{Handler: Ops(nil, ready, m), ReadHeaderTimeout: readHeaderTimeout, WriteTimeout: writeTimeout}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	orDiscard(log).Info("serving health and metrics", "addr", ln.Addr().String())
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
