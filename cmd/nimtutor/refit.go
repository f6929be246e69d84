package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
)

// runRefit implements `nimtutor refit [--simulated] [--write FILE]`:
// fits the difficulty model that gives a puzzle its first rating, on the
// store's answers (or on simulated learners), and reports how well it
// and the shipped model predict the misses of answers held out.
func (m *Main) runRefit(ctx context.Context, args []string) error {
	fs := newFlags("refit")
	simulated := fs.Bool("simulated", false, "fit on simulated learners of known strength instead of the store's answers")
	rounds := fs.Int("rounds", 50, "with -simulated: puzzles per simulated learner and game")
	seed := fs.Uint64("seed", 1, "with -simulated: the simulation's seed")
	limit := fs.Int("limit", 0, "fit on the store's newest N answers (0: all)")
	write := fs.String("write", "", "write the refitted model to this JSON file (practice/difficulty.json ships it)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	var samples []practice.Sample
	var on string
	if *simulated {
		dir, err := os.MkdirTemp("", "nimtutor-refit-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		st, err := store.Open(ctx, store.Config{Path: filepath.Join(dir, "sim.db")})
		if err != nil {
			return err
		}
		defer st.Close()
		if samples, err = practice.SimulateGames(ctx, st, *rounds, *seed); err != nil {
			return err
		}
		on = fmt.Sprintf("simulated learners (practice.CalibrationLearners, %d puzzles each in every game, seed %d)", *rounds, *seed)
	} else {
		lp := newLazyPractice(quietLogger(io.Discard))
		m.onClose(lp.close)
		svc, err := lp.open(ctx)
		if err != nil {
			return err
		}
		if samples, err = svc.StoredSamples(ctx, *limit); err != nil {
			return err
		}
		on = fmt.Sprintf("the store's answers (%s)", describeStore(lp.cfg))
	}
	r, err := practice.RefitModel(samples, on)
	if err != nil {
		return err
	}
	fmt.Fprint(m.Stdout, r.Report())
	if *write == "" {
		return nil
	}
	b, err := json.MarshalIndent(r.Model, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(*write, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Wrote %s.\n", *write)
	return nil
}
