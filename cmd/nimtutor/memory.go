package main

import (
	"fmt"
	"log/slog"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
)

// defaultMemoryLimit is the soft memory limit a serving process sets
// unless the operator says otherwise: the garbage collector works harder
// as the heap nears it, which keeps RSS under 256 MB under load. Every
// cache is bounded too, so the limit is a safety net, not a cage.
const defaultMemoryLimit = 192 << 20

// defaultGCPercent is the garbage collector's GOGC in a serving process
// unless GOGC is set. The live heap is small (bounded caches, around 10
// to 20 MB) and requests allocate freely (a picture is up to a megabyte),
// so the default 100 collects several times a second; 400 collects a
// quarter as often, and the soft memory limit still caps the heap.
const defaultGCPercent = 400

// setGCPercent sets GOGC to defaultGCPercent unless the environment set
// it, and returns the value in force.
func setGCPercent() int {
	if v := setting("GOGC"); v != "" {
		old := debug.SetGCPercent(100)
		debug.SetGCPercent(old)
		return old
	}
	debug.SetGCPercent(defaultGCPercent)
	return defaultGCPercent
}

// setMemoryLimit sets GOGC (see setGCPercent) and the Go runtime's soft
// memory limit from NIMTUTOR_MEMORY_LIMIT ("192MiB", "1GiB", "500MB", bytes, or "off"),
// defaultMemoryLimit when unset. When GOMEMLIMIT is set the runtime has
// already applied it and it is left alone. It returns the limit in force,
// or 0 for none.
func setMemoryLimit(log *slog.Logger) (int64, error) {
	setGCPercent()
	if v := setting("GOMEMLIMIT"); v != "" {
		limit := debug.SetMemoryLimit(-1)
		log.Info("memory limit from GOMEMLIMIT", "bytes", limit)
		return limit, nil
	}
	limit := int64(defaultMemoryLimit)
	if v := setting("NIMTUTOR_MEMORY_LIMIT"); v != "" {
		var err error
		if limit, err = parseBytes(v); err != nil {
			return 0, fmt.Errorf("NIMTUTOR_MEMORY_LIMIT is %q: %w; write a size such as 192MiB or 1GiB, or off", v, err)
		}
	}
	if limit == 0 {
		debug.SetMemoryLimit(math.MaxInt64)
		log.Info("no soft memory limit (NIMTUTOR_MEMORY_LIMIT=off)")
		return 0, nil
	}
	debug.SetMemoryLimit(limit)
	log.Debug("soft memory limit set", "bytes", limit)
	return limit, nil
}

// byteUnits are the suffixes parseBytes knows, longest first.
var byteUnits = []struct {
	suffix string
	mult   int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"B", 1},
}

// parseBytes reads a size in bytes with an optional unit, or "off" (0).
func parseBytes(s string) (int64, error) {
	if strings.EqualFold(s, "off") {
		return 0, nil
	}
	mult := int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 || math.IsInf(n, 0) || math.IsNaN(n) {
		return 0, fmt.Errorf("not a positive size")
	}
	b := n * float64(mult)
	if b < 16<<20 {
		return 0, fmt.Errorf("%.0f bytes is too little to run in; give at least 16MiB", b)
	}
	if b > math.MaxInt64/2 {
		return 0, fmt.Errorf("too large")
	}
	return int64(b), nil
}
