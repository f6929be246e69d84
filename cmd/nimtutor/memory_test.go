package main

import (
	"io"
	"log/slog"
	"math"
	"runtime/debug"
	"strings"
	"testing"
)

func TestSetMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tests := []struct {
		name    string
		env     map[string]string
		want    int64
		wantErr string
	}{
		{"default", nil, defaultMemoryLimit, ""},
		{"MiB", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "300MiB"}, 300 << 20, ""},
		{"GiB with a space", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "1.5 GiB"}, 3 << 29, ""},
		{"MB", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "500MB"}, 500e6, ""},
		{"bytes", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "268435456"}, 268435456, ""},
		{"off", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "off"}, 0, ""},
		{"GOMEMLIMIT wins", map[string]string{"GOMEMLIMIT": "123MiB", "NIMTUTOR_MEMORY_LIMIT": "300MiB"}, -1, ""},
		{"not a size", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "lots"}, 0, "not a positive size"},
		{"too small", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "1MiB"}, 0, "too little"},
		{"negative", map[string]string{"NIMTUTOR_MEMORY_LIMIT": "-5MiB"}, 0, "not a positive size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setEnv(t, tt.env)
			debug.SetMemoryLimit(math.MaxInt64)
			got, err := setMemoryLimit(log)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "NIMTUTOR_MEMORY_LIMIT") {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == -1 { // left alone: whatever the runtime has
				if got != debug.SetMemoryLimit(-1) {
					t.Errorf("returned %d, runtime has %d", got, debug.SetMemoryLimit(-1))
				}
				return
			}
			if got != tt.want {
				t.Errorf("limit = %d, want %d", got, tt.want)
			}
			inForce := debug.SetMemoryLimit(-1)
			if tt.want == 0 && inForce != math.MaxInt64 || tt.want != 0 && inForce != tt.want {
				t.Errorf("runtime limit = %d, want %d", inForce, tt.want)
			}
		})
	}
}

func TestSetGCPercent(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	setEnv(t, nil)
	if got := setGCPercent(); got != defaultGCPercent || debug.SetGCPercent(defaultGCPercent) != defaultGCPercent {
		t.Errorf("without GOGC: %d, want %d", got, defaultGCPercent)
	}
	setEnv(t, map[string]string{"GOGC": "150"})
	debug.SetGCPercent(150) // as the runtime would have from GOGC
	if got := setGCPercent(); got != 150 || debug.SetGCPercent(150) != 150 {
		t.Errorf("with GOGC=150: %d, want it left alone", got)
	}
}
