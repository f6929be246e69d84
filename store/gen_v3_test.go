package store_test

// This file generated testdata/v3 with the store as it was at schema
// version 3 (the hand-written migrator); it is removed in the next commit,
// whose code no longer has that schema. Run: go test ./store -run TestGenerateV3 -gen-v3

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/glicko2"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

var genV3 = flag.Bool("gen-v3", false, "write testdata/v3 from the schema-3 store")

func TestGenerateV3(t *testing.T) {
	if !*genV3 {
		t.Skip("run with -gen-v3")
	}
	ctx := context.Background()
	cfg := storetest.SQLiteConfig(t)
	s, err := store.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	now := base
	s.SetClock(func() time.Time { now = now.Add(1737 * time.Millisecond); return now })
	users := []string{"111111111111111111", "222222222222222222", "333333333333333333", "444444444444444444", "555555555555555555"}
	games := []string{"adapwns", "abgame", "binim"}
	themes := []string{"gap mod 3", "pairing,mirror", "", `the "mex" rule`, `back\slash`}
	guilds := []string{"", "900000000000000001", "900000000000000002"}
	for k, u := range users {
		for j := 0; j < 3+2*k; j++ {
			g := games[(j+k)%len(games)]
			guild := guilds[(j*7+k)%len(guilds)]
			puzzle := fmt.Sprintf("%s-%d", g, (j*3+k)%5)
			daily := ""
			if guild != "" && j%4 == 1 {
				daily = fmt.Sprintf("2026-11-%02d", 10+j)
			}
			if err := s.OpenPuzzle(ctx, store.Pending{User: u, PuzzleID: puzzle, Game: g, Guild: guild, Daily: daily}); err != nil {
				t.Fatal(err)
			}
			for range j % 3 {
				if _, err := s.UseHint(ctx, u, puzzle, 3); err != nil {
					t.Fatal(err)
				}
			}
			correct := (j+k)%3 != 0
			err := s.Update(ctx, func(tx *store.Tx) error {
				pend, err := tx.TakePending(u, puzzle)
				if err != nil {
					return err
				}
				l, err := tx.LockLearner(u, g, glicko2.Default())
				if err != nil {
					return err
				}
				p, err := tx.LockPuzzle(puzzle, g, glicko2.Rating{Rating: 1200 + 37*float64(j), RD: 300, Vol: 0.06})
				if err != nil {
					return err
				}
				score := 0.0
				if correct {
					score = 1
				}
				lr, pr := l.Rating, p.Rating
				l.Rating = glicko2.Update(lr, []glicko2.Result{{Opponent: pr, Score: score}}, 0)
				p.Rating = glicko2.Update(pr, []glicko2.Result{{Opponent: lr, Score: 1 - score}}, 0)
				p.Attempts++
				l.Hints += pend.Hints
				if correct {
					l.Solved++
					l.Streak++
					l.BestStreak = max(l.BestStreak, l.Streak)
					p.Solved++
				} else {
					l.Failed++
					l.Streak = 0
				}
				if err := tx.PutLearner(l); err != nil {
					return err
				}
				if err := tx.PutPuzzle(p); err != nil {
					return err
				}
				if err := tx.JoinGuild(pend.Guild, u); err != nil {
					return err
				}
				_, err = tx.AddAttempt(store.Attempt{User: u, Guild: pend.Guild, Game: g, PuzzleID: puzzle, Daily: pend.Daily, Move: fmt.Sprintf("%d %d", j+2, j+1),
					Correct: correct, Hints: pend.Hints, Themes: themes[(j+k)%len(themes)], Before: lr.Rating, After: l.Rating.Rating, PuzzleAfter: p.Rating.Rating, At: now})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		// An open puzzle left with a hint, games, lessons and a rate-limit window.
		if k != 2 {
			if err := s.OpenPuzzle(ctx, store.Pending{User: u, PuzzleID: "binim-9", Game: "binim", Guild: guilds[k%3]}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.UseHint(ctx, u, "binim-9", 3); err != nil {
				t.Fatal(err)
			}
		}
		for j := 0; j < k; j++ {
			id := fmt.Sprintf("game-%d-%d", k, j)
			rec := store.GameRecord{ID: id, User: u, Guild: guilds[(k+j)%3], Game: games[j%3], Start: "..P.P.P", StartMover: j % 2, Side: (j + k) % 2}
			if err := s.SaveGame(ctx, rec); err != nil {
				t.Fatal(err)
			}
			var moves []string
			for m := 0; m < j+k; m++ {
				moves = append(moves, fmt.Sprintf("%d %d", m+3, m+1))
			}
			result := []string{"", "won", "lost", "tie"}[(j+k)%4]
			if err := s.AppendMoves(ctx, id, nil, moves, result); err != nil {
				t.Fatal(err)
			}
		}
		for j := 0; j < k; j++ {
			for step := 0; step <= j; step++ {
				if _, err := s.RecordLesson(ctx, u, fmt.Sprintf("lesson-%d", j), step, 2, step%2 == 0 || j == 1); err != nil {
					t.Fatal(err)
				}
			}
		}
		if k%2 == 0 {
			if _, _, err := s.Take(ctx, u, 5, time.Minute); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Shared state that belongs to nobody.
	if _, err := s.Claim(ctx, "1200000000000000001"); err != nil {
		t.Fatal(err)
	}
	if err := s.PutState(ctx, "state:abc", "adapwns|..P|0|", 24*time.Hour); err != nil {
		t.Fatal(err)
	}
	exports := map[string]store.Export{}
	for _, u := range append(users, "666666666666666666") {
		e, err := s.ExportUser(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		exports[u] = e
	}
	b, err := json.MarshalIndent(exports, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/v3/exports.json", append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Close()
	var db *sql.DB
	db, err = sql.Open("sqlite", cfg.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out strings.Builder
	out.WriteString("-- Rows written through the store at schema version 3 (commit 3c60ce4), by\n-- store/gen_v3_test.go; portable to SQLite and PostgreSQL.\n")
	for _, table := range []string{"learners", "puzzles", "open_puzzles", "attempts", "guild_members", "games", "lesson_progress", "interactions", "rate_limits", "states"} {
		rows, err := db.Query(`SELECT * FROM ` + table + ` ORDER BY 1, 2`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		types, _ := rows.ColumnTypes()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var lits []string
			for i, v := range vals {
				switch v := v.(type) {
				case string:
					lits = append(lits, "'"+strings.ReplaceAll(v, "'", "''")+"'")
				case int64:
					if types[i].DatabaseTypeName() == "BOOLEAN" {
						lits = append(lits, map[bool]string{true: "TRUE", false: "FALSE"}[v != 0])
					} else {
						lits = append(lits, strconv.FormatInt(v, 10))
					}
				case float64:
					lits = append(lits, strconv.FormatFloat(v, 'g', -1, 64))
				case bool:
					lits = append(lits, map[bool]string{true: "TRUE", false: "FALSE"}[v])
				default:
					t.Fatalf("%s.%s: %T", table, cols[i], v)
				}
			}
			fmt.Fprintf(&out, "INSERT INTO %s (%s) VALUES (%s);\n", table, strings.Join(cols, ", "), strings.Join(lits, ", "))
		}
		rows.Close()
	}
	if err := os.WriteFile(filepath.Join("testdata", "v3", "data.sql"), []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
