package tutor

import (
	"context"
	"slices"
	"strings"
	"sync"
)

// Walk records the packages one request passes through, in order: a
// test puts one in the request's context with WithWalk and reads Steps
// afterwards. Each step is "package.what", for example "commands.route",
// "tutor.Solve", "store.SaveGame" or "commands.render". A Walk is safe
// for concurrent use; without one in the context, Step does nothing.
type Walk struct {
	mu    sync.Mutex
	steps []string
}

type walkKey struct{}

// WithWalk returns ctx carrying w.
func WithWalk(ctx context.Context, w *Walk) context.Context {
	return context.WithValue(ctx, walkKey{}, w)
}

// Step records that the request reached pkg to do what, when ctx
// carries a Walk.
func Step(ctx context.Context, pkg, what string) {
	w, _ := ctx.Value(walkKey{}).(*Walk)
	if w == nil {
		return
	}
	w.mu.Lock()
	w.steps = append(w.steps, pkg+"."+what)
	w.mu.Unlock()
}

// Steps returns the steps recorded so far.
func (w *Walk) Steps() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.steps)
}

// Packages returns the packages of the steps, with runs of one package
// merged: "commands tutor store tutor commands" for a request that went
// down to the store and back once.
func (w *Walk) Packages() string {
	var out []string
	for _, s := range w.Steps() {
		pkg, _, _ := strings.Cut(s, ".")
		if len(out) == 0 || out[len(out)-1] != pkg {
			out = append(out, pkg)
		}
	}
	return strings.Join(out, " ")
}
