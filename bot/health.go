package bot

import (
	"context"
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

// Ops serves the operations endpoints in front of next (which may be
// nil, for a listener of its own): GET /healthz answers 200 while the
// process serves at all (liveness); GET /readyz answers 200 when ready
// returns nil (the store reachable, its migrations applied) and 503 with
// the reason otherwise; GET /metrics writes m. Every other request goes to
// next, counted by m.HTTP, or gets a 404 without next.
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
				fmt.Fprintln(w, "not ready:", err)
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
