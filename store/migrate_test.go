package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// rawDB opens the database of cfg without the store, as a tool would.
func rawDB(tb testing.TB, cfg store.Config) *sql.DB {
	tb.Helper()
	driver, dsn := "sqlite", cfg.Path
	if cfg.DatabaseURL != "" {
		driver, dsn = "pgx", cfg.DatabaseURL
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// TestMigrateV3Data fills a database made by the hand-written migrator
// of schema version 3 with the rows of testdata/v3/data.sql (written
// through the store as it was then), opens it with today's store, which
// carries the version record over to goose and migrates it, and compares
// every learner's export with the one the old store wrote
// (testdata/v3/exports.json). Three stores open the old database at once,
// as replicas starting together would.
func TestMigrateV3Data(t *testing.T) {
	ctx := context.Background()
	data, err := os.ReadFile("testdata/v3/data.sql")
	if err != nil {
		t.Fatal(err)
	}
	var before map[string]map[string]any
	if b, err := os.ReadFile("testdata/v3/exports.json"); err != nil || json.Unmarshal(b, &before) != nil {
		t.Fatalf("testdata/v3/exports.json: %v", err)
	}
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		db := rawDB(t, cfg)
		if err := store.LegacySchema(ctx, db, b.Kind, 3); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, string(data)); err != nil {
			t.Fatalf("loading data.sql: %v", err)
		}
		windows := map[string]int{}
		rows, err := db.QueryContext(ctx, `SELECT user_id, used FROM rate_limits`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var u string
			var n int
			rows.Scan(&u, &n)
			windows[u] = n
		}
		rows.Close()
		var maxID int64
		if err := db.QueryRowContext(ctx, `SELECT MAX(attempt_id) FROM attempts`).Scan(&maxID); err != nil {
			t.Fatal(err)
		}

		stores := make([]*store.Store, 3)
		errs := make([]error, 3)
		var wg sync.WaitGroup
		for k := range stores {
			wg.Go(func() { stores[k], errs[k] = store.Open(ctx, cfg) })
		}
		wg.Wait()
		for k, err := range errs {
			if err != nil {
				t.Fatalf("store %d opening the version-3 database: %v", k, err)
			}
			defer stores[k].Close()
		}
		s := stores[0]
		files, _ := os.ReadDir("migrations")
		if v, err := s.Version(ctx); err != nil || v != len(files) {
			t.Errorf("Version = %d, %v; want %d", v, err, len(files))
		}
		var legacy int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM goose_db_version WHERE version_id BETWEEN 1 AND 3`).Scan(&legacy); err != nil || legacy != 3 {
			t.Errorf("goose_db_version holds %d of versions 1-3 (%v), want 3: the old record was not carried over", legacy, err)
		}
		var applied int
		db.QueryRowContext(ctx, `SELECT COUNT(*) FROM goose_db_version`).Scan(&applied)
		if applied != len(files)+1 {
			t.Errorf("goose_db_version has %d rows, want %d (version 0 and each migration once)", applied, len(files)+1)
		}
		if _, err := db.ExecContext(ctx, `SELECT 1 FROM schema_migrations`); err == nil {
			t.Error("schema_migrations is still there after the carry-over")
		}

		users := slices.Sorted(func(yield func(string) bool) {
			for u := range before {
				if !yield(u) {
					return
				}
			}
		})
		for _, u := range users {
			e, err := s.ExportUser(ctx, u)
			if err != nil {
				t.Fatalf("export of %s: %v", u, err)
			}
			if got, want := windows[u], e.RateLimit; (got == 0) != (want == nil) || want != nil && want.Used != got {
				t.Errorf("%s: rate-limit window %+v after the migration, %d uses before", u, want, got)
			}
			if got, want := comparable(t, e), oldComparable(before[u]); !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", " ")
				w, _ := json.MarshalIndent(want, "", " ")
				t.Errorf("%s: the export changed in the migration:\nafter:\n%s\nbefore:\n%s", u, g, w)
			}
		}
		// The carried-over data takes new writes: the attempt ids go on
		// after the copied ones, and the constraints hold.
		answer(t, s, users[0], "900000000000000001", "adapwns-0", true)
		as, err := s.Attempts(ctx, users[0], "", 0)
		if err != nil || len(as) == 0 || as[len(as)-1].ID <= maxID {
			t.Errorf("after the migration a new attempt got id %v (%v), want one after the %d copied", as, err, maxID)
		}
		if !t.Failed() {
			t.Logf("%s: %d learners' exports identical across the migration from schema 3 to %d", b.Kind, len(users), len(files))
		}
	})
}

// comparable is an export as JSON values, without what the old export
// lacked (the users row's time, the rate-limit window, the review cards,
// checked empty) and its own time.
func comparable(tb testing.TB, e store.Export) map[string]any {
	tb.Helper()
	b, err := json.Marshal(e)
	if err != nil {
		tb.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		tb.Fatal(err)
	}
	delete(m, "exported")
	delete(m, "last_seen")
	delete(m, "rate_limit")
	if _, ok := m["settings"]; ok {
		tb.Errorf("%s: settings %v after the migration, want none (schema 7 added them)", e.User, m["settings"])
	}
	// Review cards came with schema 6; a learner of schema 3 has none.
	if r, ok := m["reviews"].([]any); !ok || len(r) != 0 {
		tb.Errorf("%s: reviews %v after the migration, want []", e.User, m["reviews"])
	}
	delete(m, "reviews")
	// Duels came with schema 8; a learner of schema 3 has none.
	if d, ok := m["duels"].([]any); !ok || len(d) != 0 {
		tb.Errorf("%s: duels %v after the migration, want []", e.User, m["duels"])
	}
	delete(m, "duels")
	if d, ok := m["duel_ratings"].([]any); !ok || len(d) != 0 {
		tb.Errorf("%s: duel ratings %v after the migration, want []", e.User, m["duel_ratings"])
	}
	delete(m, "duel_ratings")
	// Study sessions came with schema 11; a learner of schema 3 has none.
	for _, k := range []string{"study_sessions", "sessions_joined", "session_answers"} {
		if d, ok := m[k].([]any); !ok || len(d) != 0 {
			tb.Errorf("%s: %s %v after the migration, want []", e.User, k, m[k])
		}
		delete(m, k)
	}
	// Lesson streaks came with schema 10; a learner of schema 3 has none.
	if ls, ok := m["lessons"].([]any); ok {
		for _, l := range ls {
			l := l.(map[string]any)
			if l["streak"] != 0.0 || l["streak_step"] != 0.0 || l["streak_position"] != "" {
				tb.Errorf("%s: lesson streak %v after the migration, want none", e.User, l)
			}
			delete(l, "streak")
			delete(l, "streak_step")
			delete(l, "streak_position")
		}
	}
	return m
}

// oldComparable is an export of the version-3 store in today's shape:
// its themes were one comma-separated string and its moves null when
// none; today both are lists. (What tables added since hold is checked
// by comparable.)
func oldComparable(old map[string]any) map[string]any {
	var m map[string]any // a deep copy: the caller's map serves every engine
	b, _ := json.Marshal(old)
	json.Unmarshal(b, &m)
	delete(m, "exported")
	for _, a := range m["attempts"].([]any) {
		a := a.(map[string]any)
		themes := []any{}
		if s := a["themes"].(string); s != "" {
			for _, t := range strings.Split(s, ",") {
				themes = append(themes, t)
			}
		}
		a["themes"] = themes
	}
	for _, g := range m["games"].([]any) {
		g := g.(map[string]any)
		if g["moves"] == nil {
			g["moves"] = []any{}
		}
	}
	return m
}

// TestConcurrentOpen opens five stores at the same instant on an empty
// database, ten times: every one comes up at the newest version. On
// PostgreSQL goose's session lock makes them take turns (the hand-written
// migrator failed here with a duplicate pg_type row); on SQLite one
// process's Opens take turns on a mutex.
func TestConcurrentOpen(t *testing.T) {
	ctx := context.Background()
	files, _ := os.ReadDir("migrations")
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		up := 0
		for round := range 10 {
			cfg := b.Config(t)
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make([]error, 5)
			for k := range errs {
				wg.Go(func() {
					<-start
					s, err := store.Open(ctx, cfg)
					if err != nil {
						errs[k] = err
						return
					}
					defer s.Close()
					if v, err := s.Version(ctx); err != nil || v != len(files) {
						errs[k] = fmt.Errorf("version %d, %v", v, err)
					}
				})
			}
			close(start)
			wg.Wait()
			for k, err := range errs {
				if err != nil {
					t.Errorf("round %d, store %d: %v", round, k, err)
				} else {
					up++
				}
			}
		}
		t.Logf("%s: %d of 50 stores opened at once came up", b.Kind, up)
	})
}

// fill gives user a row in every table a learner's actions reach:
// answers in a server, an open puzzle, a game, a lesson, a rate-limit
// window, a review card.
func fill(tb testing.TB, s *store.Store, user string) {
	tb.Helper()
	ctx := context.Background()
	answer(tb, s, user, "900000000000000001", "adapwns-1", true)
	if err := s.OpenPuzzle(ctx, store.Pending{User: user, PuzzleID: "adapwns-2", Game: "adapwns", Guild: "900000000000000002"}); err != nil {
		tb.Fatal(err)
	}
	if err := s.SaveGame(ctx, store.GameRecord{ID: "game-" + user, User: user, Game: "abgame", Start: "A..B", Moves: []string{"1 2"}}); err != nil {
		tb.Fatal(err)
	}
	if _, err := s.RecordLesson(ctx, user, "intro", store.LessonAnswer{Step: 0, Steps: 3, Need: 1, Position: "1", Right: true}); err != nil {
		tb.Fatal(err)
	}
	if _, _, err := s.Take(ctx, user, 5, time.Minute); err != nil {
		tb.Fatal(err)
	}
	err := s.Update(ctx, func(tx *store.Tx) error {
		now := time.Now()
		return tx.PutReviewCard(store.ReviewCard{User: user, Game: "adapwns", Card: "puzzle:adapwns-1", State: 1, Stability: 0.212, Difficulty: 6.4, Due: now.Add(time.Minute), LastReview: now, Reps: 1})
	})
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.SetProgressHidden(ctx, user, true); err != nil {
		tb.Fatal(err)
	}
	// Two duels, one in each seat, each with a partner of this user's
	// alone (so forgetting one learner leaves the other's duels).
	for k, seats := range [][2]string{{user, "7" + user[1:]}, {"8" + user[1:], user}} {
		d := store.Duel{ID: fmt.Sprintf("duel-%d-%s", k, user), First: seats[0], Second: seats[1], ChallengerFirst: true,
			Game: "nim", Start: "1 2", Moves: []string{}, Status: store.DuelPlaying}
		if err := s.CreateDuel(ctx, d, time.Now(), time.Now()); err != nil {
			tb.Fatal(err)
		}
		// The last move rates both players (duel_ratings).
		if err := s.AdvanceDuel(ctx, d.ID, store.DuelPlaying, nil, store.DuelOver, []string{"2 2", "1 1"}, "second"); err != nil {
			tb.Fatal(err)
		}
	}
	// A study session the user started, in a channel of its own, and an
	// answer of theirs in it (which makes them a member).
	now := time.Now()
	ss := store.StudySession{ID: "session-" + user, Guild: "900000000000000001", Channel: "channel-" + user, Starter: user,
		Game: "nim", Puzzles: []string{"nim-1", "nim-2"}, Seconds: 60, Opened: now, Due: now.Add(time.Minute)}
	if err := s.CreateSession(ctx, ss); err != nil {
		tb.Fatal(err)
	}
	if _, _, err := s.AnswerSession(ctx, store.SessionAnswer{Session: ss.ID, User: user, Move: "1 1", Correct: true, Elapsed: time.Second, At: now}); err != nil {
		tb.Fatal(err)
	}
}

// TestForgetLeavesNothing fills every table for a learner and another,
// forgets the learner with one cascading delete, and then searches every
// column of every table of the live schema for the learner's id: none
// holds it, and the other learner's rows are all there.
func TestForgetLeavesNothing(t *testing.T) {
	ctx := context.Background()
	const me, other = "404040404040404040", "505050505050505050"
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		s := storetest.Open(t, cfg)
		fill(t, s, me)
		fill(t, s, other)
		db := s.DB()
		count := func(user string) map[string]int {
			n := map[string]int{}
			for _, tc := range store.Owned() {
				var k int
				if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+tc[0]+` WHERE `+tc[1]+` = $1`, user).Scan(&k); err != nil {
					t.Fatal(err)
				}
				n[tc[0]] = k
			}
			return n
		}
		for table, n := range count(me) {
			if n == 0 {
				t.Errorf("the test put no row of the learner in %s: it would not notice one left there", table)
			}
		}
		otherBefore := count(other)
		if err := s.Forget(ctx, me); err != nil {
			t.Fatal(err)
		}
		searched := 0
		for table, cols := range schemaColumns(t, db, b.Kind) {
			for _, col := range cols {
				var n int
				q := fmt.Sprintf(`SELECT COUNT(*) FROM %s WHERE CAST(%s AS TEXT) LIKE $1`, table, col)
				if err := db.QueryRowContext(ctx, q, "%"+me+"%").Scan(&n); err != nil {
					t.Fatalf("%s.%s: %v", table, col, err)
				}
				searched++
				if n > 0 {
					t.Errorf("after /forget, %s.%s still holds the learner's id in %d rows", table, col, n)
				}
			}
		}
		if got := count(other); !reflect.DeepEqual(got, otherBefore) {
			t.Errorf("forgetting one learner changed another's rows: %v, before %v", got, otherBefore)
		}
		e, err := s.ExportUser(ctx, me)
		if err != nil || len(e.Ratings)+len(e.Attempts)+len(e.Open)+len(e.Games)+len(e.Guilds)+len(e.Lessons) != 0 || e.RateLimit != nil || e.Seen != nil {
			t.Errorf("export after forget = %+v, %v; want nothing", e, err)
		}
		t.Logf("%s: searched %d columns of every table for the id after /forget: none holds it", b.Kind, searched)
	})
}

// schemaColumns lists the live schema's tables and their columns.
func schemaColumns(tb testing.TB, db *sql.DB, kind store.Kind) map[string][]string {
	tb.Helper()
	q := `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
	if kind == store.Postgres {
		q = `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`
	}
	rows, err := db.Query(q)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			tb.Fatal(err)
		}
		out[t] = append(out[t], c)
	}
	if len(out) == 0 {
		tb.Fatal("the schema has no tables")
	}
	return out
}

// cascades lists the columns of the live schema that reference
// users(user_id) ON DELETE CASCADE, as "table.column".
func cascades(tb testing.TB, db *sql.DB, kind store.Kind) map[string]bool {
	tb.Helper()
	q := `SELECT m.name, f."from" FROM sqlite_master m, pragma_foreign_key_list(m.name) f
		WHERE m.type = 'table' AND f."table" = 'users' AND f."to" = 'user_id' AND f.on_delete = 'CASCADE'`
	if kind == store.Postgres {
		q = `SELECT cl.relname, a.attname FROM pg_constraint c
			JOIN pg_class cl ON cl.oid = c.conrelid
			JOIN pg_namespace n ON n.oid = cl.relnamespace
			JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
			JOIN pg_class ref ON ref.oid = c.confrelid
			JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = ANY (c.confkey)
			WHERE c.contype = 'f' AND c.confdeltype = 'c' AND n.nspname = current_schema()
			AND ref.relname = 'users' AND ra.attname = 'user_id'`
	}
	rows, err := db.Query(q)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			tb.Fatal(err)
		}
		out[t+"."+c] = true
	}
	return out
}

// looksLikeUser matches the names of columns that may hold a user id.
func looksLikeUser(col string) bool {
	c := strings.ToLower(col)
	for _, w := range []string{"user", "owner", "member", "author", "learner", "player"} {
		if strings.Contains(c, w) {
			return true
		}
	}
	return false
}

// uncovered returns what the live schema holds of user ids that
// store.Owned does not cover: columns that look like a user id and are
// not listed, and listed tables (other than users) whose column does not
// reference users ON DELETE CASCADE.
func uncovered(tb testing.TB, db *sql.DB, kind store.Kind) []string {
	tb.Helper()
	listed := map[string]bool{}
	for _, tc := range store.Owned() {
		listed[tc[0]+"."+tc[1]] = true
	}
	cols := schemaColumns(tb, db, kind)
	casc := cascades(tb, db, kind)
	var out []string
	for table, cs := range cols {
		for _, c := range cs {
			if looksLikeUser(c) && !listed[table+"."+c] {
				out = append(out, table+"."+c+" looks like a user id and is not in store's owned list")
			}
		}
	}
	for tc := range listed {
		table, col, _ := strings.Cut(tc, ".")
		if !slices.Contains(cols[table], col) {
			out = append(out, tc+" is in the owned list but not in the schema")
		} else if table != "users" && !casc[tc] {
			out = append(out, tc+" does not reference users(user_id) ON DELETE CASCADE")
		}
	}
	sort.Strings(out)
	return out
}

// TestOwnedCoversSchema reads the live schema of each engine (SQLite's
// pragmas, PostgreSQL's catalogue): every column that may hold a user id
// is in the list /export and /forget use, and references users ON DELETE
// CASCADE. A table added with such a column fails here until it is
// covered, which the test shows by adding one.
func TestOwnedCoversSchema(t *testing.T) {
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		db := s.DB()
		if problems := uncovered(t, db, b.Kind); len(problems) > 0 {
			t.Errorf("the schema holds user ids that /forget and /export do not cover:\n%s", strings.Join(problems, "\n"))
		}
		// A new table with a user id, not yet listed, is noticed.
		if _, err := db.Exec(`CREATE TABLE notes (note_id TEXT PRIMARY KEY, author_id TEXT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if problems := uncovered(t, db, b.Kind); len(problems) != 1 || !strings.HasPrefix(problems[0], "notes.author_id") {
			t.Errorf("a new column notes.author_id: problems %q, want it reported", problems)
		}
	})
}

// TestSweepUsers: a user who only passed the rate limiter is forgotten by
// the sweep once the window is old; a learner with rows stays.
func TestSweepUsers(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		now := time.Now()
		s.SetClock(func() time.Time { return now })
		if _, _, err := s.Take(ctx, "passer", 5, time.Minute); err != nil {
			t.Fatal(err)
		}
		answer(t, s, "learner", "", "adapwns-1", true)
		if _, _, err := s.Take(ctx, "learner", 5, time.Minute); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Sweep(ctx, time.Hour, time.Hour); err != nil {
			t.Fatal(err)
		}
		if e, _ := s.ExportUser(ctx, "passer"); e.Seen == nil || e.RateLimit == nil {
			t.Errorf("a fresh rate-limit window was swept: %+v", e)
		}
		now = now.Add(2 * time.Hour)
		if _, err := s.Sweep(ctx, time.Hour, time.Hour); err != nil {
			t.Fatal(err)
		}
		if e, _ := s.ExportUser(ctx, "passer"); e.Seen != nil || e.RateLimit != nil {
			t.Errorf("after the sweep the passer is still known: %+v", e)
		}
		if e, _ := s.ExportUser(ctx, "learner"); e.Seen == nil || len(e.Ratings) != 1 || e.RateLimit != nil {
			t.Errorf("after the sweep the learner = %+v; want their rating kept and the old window gone", e)
		}
	})
}

// TestSecret: stores on one database asking at once for a secret that
// does not exist yet all get the same one, and keep getting it.
func TestSecret(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		stores := []*store.Store{storetest.Open(t, cfg), storetest.Open(t, cfg), storetest.Open(t, cfg)}
		got := make([][]byte, 6)
		var wg sync.WaitGroup
		for k := range got {
			wg.Go(func() {
				v, err := stores[k%3].Secret(ctx, store.SigningSecret)
				if err != nil {
					t.Error(err)
				}
				got[k] = v
			})
		}
		wg.Wait()
		for k, v := range got {
			if len(v) != 32 || string(v) != string(got[0]) {
				t.Fatalf("secret %d differs or is not 32 bytes: %x vs %x", k, v, got[0])
			}
		}
		other, err := stores[0].Secret(ctx, "another")
		if err != nil || string(other) == string(got[0]) {
			t.Errorf("a second secret equals the first (%v)", err)
		}
	})
}
