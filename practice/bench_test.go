package practice_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// BenchmarkAnswer measures a practice answer's round trip: read the
// puzzle, judge the move, update the learner's and the puzzle's ratings
// and write them with the attempt, in one transaction. Each op first
// opens a puzzle for its learner (outside the percentiles); users
// learners answer at once, each in a goroutine of its own. It reports
// the answer's p50 and p99 latency and the bytes the store grew per
// answer. "judge-only" is the baseline: the same judging with no store.
func BenchmarkAnswer(b *testing.B) {
	ctx := context.Background()
	// A pool of puzzles, generated once: the service caches them per
	// replica, as they are pure functions of their ids.
	var ids []string
	for seed := uint64(1); seed <= 64; seed++ {
		ids = append(ids, solver.Games()[seed%5].Name()+fmt.Sprintf("-%d", seed))
	}
	b.Run("judge-only", func(b *testing.B) {
		svc := practice.New(nil, nil)
		for b.Loop() {
			p, _ := svc.Puzzle(ids[0])
			next, _ := p.Position.Play(p.Winning[0])
			_ = next
			_ = p.IsWinning(p.Winning[0])
		}
	})
	for _, users := range []int{1, 16} {
		for _, be := range storetest.Backends(b) {
			b.Run(fmt.Sprintf("%s-%dusers", be.Kind, users), func(b *testing.B) {
				st := storetest.Open(b, be.Config(b))
				svc := practice.New(st, nil)
				for _, id := range ids {
					if _, err := svc.Puzzle(id); err != nil {
						b.Fatal(err)
					}
				}
				size0, err := st.Size(ctx)
				if err != nil {
					b.Fatal(err)
				}
				var (
					mu    sync.Mutex
					lat   []time.Duration
					count atomic.Int64
					wg    sync.WaitGroup
				)
				b.ResetTimer()
				// users learners answer at once, b.N answers in all.
				for w := range users {
					wg.Go(func() {
						user := fmt.Sprintf("u%d", w)
						var mine []time.Duration
						for k := w; k < b.N; k += users {
							p, _ := svc.Puzzle(ids[k%len(ids)])
							if err := st.OpenPuzzle(ctx, store.Pending{User: user, PuzzleID: p.ID, Game: p.Game.Name(), Guild: "g"}); err != nil {
								b.Error(err)
								return
							}
							m := p.Winning[0]
							if k%3 == 0 {
								m = wrongMove(b, p)
							}
							t0 := time.Now()
							if _, err := svc.Answer(ctx, user, p.ID, m); err != nil {
								b.Error(err)
								return
							}
							mine = append(mine, time.Since(t0))
							count.Add(1)
						}
						mu.Lock()
						lat = append(lat, mine...)
						mu.Unlock()
					})
				}
				wg.Wait()
				b.StopTimer()
				if len(lat) == 0 {
					return
				}
				slices.Sort(lat)
				pct := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / 1e6 }
				b.ReportMetric(pct(0.50), "p50-ms")
				b.ReportMetric(pct(0.99), "p99-ms")
				if size1, err := st.Size(ctx); err == nil && count.Load() >= 1000 {
					b.ReportMetric(float64(size1-size0)/float64(count.Load()), "bytes/answer")
				}
			})
		}
	}
}
