package bot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestReadyzTellsNoInternals checks that a failing readiness check's
// cause, which names the database's user, host, port and name or the
// SQLite file's path, reaches the log and never the /readyz body, which
// names the component alone.
func TestReadyzTellsNoInternals(t *testing.T) {
	secrets := []string{"nimtutor_user", "db.internal.example", "5433", "nimtutor_prod", "/var/lib/nimtutor/nimtutor.db"}
	causes := map[string]error{
		"postgres": fmt.Errorf("store: not reachable: failed to connect to `user=%s database=%s`: %s:%s: dial error", secrets[0], secrets[3], secrets[1], secrets[2]),
		"sqlite":   fmt.Errorf("store: %s: unable to open database file: permission denied", secrets[4]),
	}
	for name, cause := range causes {
		t.Run(name, func(t *testing.T) {
			var logged bytes.Buffer
			log := slog.New(slog.NewTextHandler(&logged, nil))
			ready := Readiness(log,
				Check{Component: "cache", Ready: func(context.Context) error { return nil }},
				Check{Component: "store", Ready: func(context.Context) error { return cause }})
			rec := httptest.NewRecorder()
			Ops(nil, ready, NewMetrics()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, ReadyzPath, nil))
			body, _ := io.ReadAll(rec.Body)
			if got, want := rec.Code, http.StatusServiceUnavailable; got != want {
				t.Errorf("status = %d, want %d", got, want)
			}
			if got, want := string(body), "not ready: store\n"; got != want {
				t.Errorf("body = %q, want %q", got, want)
			}
			for _, s := range secrets {
				if strings.Contains(string(body), s) {
					t.Errorf("the body %q shows %q", body, s)
				}
			}
			if !strings.Contains(logged.String(), "component=store") || !strings.Contains(logged.String(), cause.Error()[:20]) {
				t.Errorf("the log lacks the component and the cause:\n%s", logged.String())
			}
		})
	}
}

// TestReadinessStopsAtFirstFailure checks that the first failing
// component is the one reported, and that all passing is ready.
func TestReadinessStopsAtFirstFailure(t *testing.T) {
	ran := 0
	ok := func(context.Context) error { ran++; return nil }
	bad := func(context.Context) error { ran++; return io.ErrUnexpectedEOF }
	ready := Readiness(nil, Check{"a", ok}, Check{"b", bad}, Check{"c", bad})
	err := ready(context.Background())
	if nr, isNR := err.(*NotReadyError); !isNR || nr.Component != "b" || nr.Err != io.ErrUnexpectedEOF {
		t.Errorf("ready = %v, want b not ready with its cause", err)
	}
	if ran != 2 {
		t.Errorf("ran %d checks, want 2 (stop at the first failure)", ran)
	}
	if err := Readiness(nil, Check{"a", ok})(context.Background()); err != nil {
		t.Errorf("all ready: %v", err)
	}
}
