package tutor

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// A study session is a mentor's run of practice puzzles in one server
// channel, answered by its members. It is one stored record
// (store.StudySession) addressed by its id; its controls carry the id
// and the index of the puzzle they were posted with, so an answer or a
// reveal acts on that puzzle and no other. A puzzle closes when its time
// runs out (CloseDueSessions, called by each replica's ticker), when
// every member has answered it, or when the mentor reveals it; each
// close is a compare-and-set on the open puzzle's index, so it happens
// once whichever replica or click gets there first.

// Bounds of a session, as /session start checks them.
const (
	MinSessionPuzzles     = 1
	MaxSessionPuzzles     = 10
	DefaultSessionSeconds = 60
	MinSessionSeconds     = 15
	MaxSessionSeconds     = 600
)

// The statuses of a session.
const (
	SessionRunning = store.SessionRunning
	SessionOver    = store.SessionOver
	SessionStopped = store.SessionStopped
)

// SessionStart is what /session start gives: who starts it, where, the
// game, how many puzzles and how long each is open, and how the bot can
// post in the channel when no interaction is being answered.
type SessionStart struct {
	Starter, Guild, Channel string
	Game                    solver.Game
	Puzzles, Seconds        int
	// BotPosts says the app's bot user can view and send messages in
	// the channel (the interaction's app_permissions).
	BotPosts bool
	// AppID and Token are the starting interaction's, whose follow-ups
	// can post for TokenLife.
	AppID, Token string
	// Seed draws the puzzles: the same seed, game and count give the
	// same puzzles; 0 draws a random set.
	Seed uint64
}

// SessionAbandoned is how long after its open puzzle was due a running
// session counts as abandoned: a new /session start in its channel stops
// it rather than being refused.
const SessionAbandoned = time.Hour

// TokenLife is how long an interaction token lets the app post
// follow-ups, less a margin for the trip.
const TokenLife = 15*time.Minute - 30*time.Second

// SessionPuzzle is one puzzle of a session as a message shows it.
type SessionPuzzle struct {
	// Index is the puzzle's place in the session, from 0.
	Index  int
	Puzzle *Puzzle
	// Answers are the members' answers, once the puzzle is closed.
	Answers []store.SessionAnswer
	// Missing are the members who did not answer it.
	Missing []string
	// Picture is the board (PNG) of an open puzzle, nil when left out.
	Picture []byte
}

// Standing is a member's place in a session's table.
type Standing struct {
	Rank  int
	User  string
	Right int
	// Answered counts the puzzles the member answered.
	Answered int
	// Time is the total time the member took over the puzzles they
	// answered.
	Time time.Duration
}

// SessionView is a session as a message shows it.
type SessionView struct {
	store.StudySession
	// Event says what just happened ("everyone answered", "time is up").
	Event string
	// Closed is the puzzle just closed, with its answers; nil if none.
	Closed *SessionPuzzle
	// Open is the puzzle now open; nil once the session is over.
	Open *SessionPuzzle
	// Members are the session's members, in the order they joined.
	Members []string
	// Table ranks the members once the session is over or stopped.
	Table []Standing
}

// Over reports whether the session has ended.
func (v SessionView) Over() bool { return v.Status != store.SessionRunning }

// MaxTokenPosts is how many follow-ups one interaction token carries:
// Discord allows 5 to an app that is user-installed and not installed in
// the server.
const MaxTokenPosts = 5

// CanPost reports whether the bot can post s's messages at now without
// an interaction to answer: as its bot user, or through the session's
// latest interaction (its start, a Join or an answer) while its token
// lasts and has follow-ups left.
func CanPost(s store.StudySession, now time.Time) bool {
	return s.BotPosts || s.Token != "" && now.Before(s.TokenUntil) && s.TokenPosts < MaxTokenPosts
}

// Via is the interaction a use case answers, whose token may later carry
// the session's messages (the clock's posts); zero for none.
type Via struct{ AppID, Token string }

// token returns via as the session's token from now on, or nil.
func (v Via) token(now time.Time) *store.SessionToken {
	if v.Token == "" {
		return nil
	}
	return &store.SessionToken{AppID: v.AppID, Token: v.Token, Until: now.Add(TokenLife)}
}

// SessionAnswered is an answer as its member is told: their move, and,
// when it was the last one the puzzle waited for, the session after the
// puzzle closed.
type SessionAnswered struct {
	Move  solver.Move
	Index int
	Of    int
	// Closed is the session after this answer closed the puzzle; nil
	// while others may still answer.
	Closed *SessionView
}

var errSessionGone = fault.New(fault.EExpired, "session", "this study session is no longer stored (its starter deleted their data); start a new one with /session start")

// errSessionMoved answers a control of a puzzle that is closed.
func errSessionMoved(s store.StudySession) error {
	if s.Status != store.SessionRunning {
		return fault.New(fault.EExpired, "session", "this study session is over; start a new one with /session start")
	}
	return fault.New(fault.EExpired, "session", "this puzzle is closed: the session is at puzzle %d of %d; answer the latest one", s.Current+1, len(s.Puzzles))
}

// StartSession starts a study session: it picks in.Puzzles puzzles of
// in.Game from the practice generator and opens the first, unless the
// channel has a running session or the input is out of bounds.
func (t *Tutor) StartSession(ctx context.Context, in SessionStart) (SessionView, error) {
	Step(ctx, "tutor", "StartSession")
	switch {
	case in.Guild == "":
		return SessionView{}, fault.New(fault.EInvalid, "", "/session runs in a server channel, where its members answer together; in direct messages use /practice")
	case in.Puzzles < MinSessionPuzzles || in.Puzzles > MaxSessionPuzzles:
		return SessionView{}, fault.New(fault.EInvalid, "puzzles", "give %d to %d puzzles, not %d", MinSessionPuzzles, MaxSessionPuzzles, in.Puzzles)
	case in.Seconds < MinSessionSeconds || in.Seconds > MaxSessionSeconds:
		return SessionView{}, fault.New(fault.EInvalid, "seconds", "give %d to %d seconds a puzzle, not %d", MinSessionSeconds, MaxSessionSeconds, in.Seconds)
	}
	svc, err := t.practice(ctx)
	if err != nil {
		return SessionView{}, err
	}
	// Refuse a busy channel before the puzzles are generated; a session
	// abandoned there (its puzzle due for SessionAbandoned, which happens
	// when the bot cannot post and nobody answers) is stopped instead.
	if running, err := t.runningSession(ctx, svc, in.Channel); err == nil {
		if t.cfg.Now().Sub(running.Due) < SessionAbandoned {
			return SessionView{}, errRunning(running)
		}
		if _, err := t.closeSession(ctx, svc, running, true, "", false); err != nil && fault.Code(err) != fault.EExpired {
			return SessionView{}, err
		}
	} else if !errors.Is(err, store.ErrNotFound) {
		return SessionView{}, err
	}
	seed := in.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	ids, err := pickSessionPuzzles(ctx, svc, in.Game, in.Puzzles, seed)
	if err != nil {
		return SessionView{}, err
	}
	now := t.cfg.Now()
	ss := store.StudySession{ID: newID(), Guild: in.Guild, Channel: in.Channel, Starter: in.Starter, Game: in.Game.Name(), Puzzles: ids,
		Seconds: in.Seconds, Opened: now, Due: now.Add(time.Duration(in.Seconds) * time.Second), Status: store.SessionRunning,
		BotPosts: in.BotPosts, AppID: in.AppID, Token: in.Token}
	if in.Token != "" {
		ss.TokenUntil = now.Add(TokenLife)
	}
	sctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "CreateSession")
	var busy *store.ErrSessionRunning
	if err := svc.Store().CreateSession(sctx, ss); errors.As(err, &busy) {
		return SessionView{}, errRunning(busy.Session)
	} else if err != nil {
		return SessionView{}, err
	}
	return t.sessionView(ctx, svc, ss, nil, fmt.Sprintf("<@%s> started a study session of %s: %d %s, %d seconds each.",
		in.Starter, ss.Game, len(ids), plural(len(ids), "puzzle", "puzzles"), in.Seconds))
}

// errRunning refuses a session in a channel where s runs.
func errRunning(s store.StudySession) error {
	return fault.New(fault.EInvalid, "", "a session is already running in this channel: started by <@%s>, puzzle %d of %d; /session stop ends it",
		s.Starter, s.Current+1, len(s.Puzzles))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pickSessionPuzzles returns n distinct practice puzzles of g, drawn by
// seed: positions the player to move wins, where not every move wins,
// with every winning move found by exhaustive search (practice.Generate).
func pickSessionPuzzles(ctx context.Context, svc *practice.Service, g solver.Game, n int, seed uint64) ([]string, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	var ids []string
	for try := 0; len(ids) < n; try++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if try >= 20*n {
			return nil, fault.New(fault.EInvalid, "game", "not enough %s puzzles were found for a session; try fewer puzzles", g.Name())
		}
		id := fmt.Sprintf("%s-%d", g.Name(), 1+rng.IntN(999_999))
		if slices.Contains(ids, id) {
			continue
		}
		p, err := svc.Puzzle(id)
		if err != nil {
			continue
		}
		// Rather not a win in one move, while others are found.
		if p.Remoteness >= 0 && p.Remoteness < 3 && try < 10*n {
			continue
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// runningSession reads the session running in channel.
func (t *Tutor) runningSession(ctx context.Context, svc *practice.Service, channel string) (store.StudySession, error) {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "RunningSession")
	return svc.Store().RunningSession(ctx, channel)
}

// loadSession reads session id.
func (t *Tutor) loadSession(ctx context.Context, id string) (*practice.Service, store.StudySession, error) {
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, store.StudySession{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "StudySession")
	s, err := svc.Store().StudySession(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, s, errSessionGone
	}
	return svc, s, err
}

// sessionPuzzle returns puzzle k of s.
func sessionPuzzle(svc *practice.Service, s store.StudySession, k int) (*Puzzle, error) {
	if k < 0 || k >= len(s.Puzzles) {
		return nil, fmt.Errorf("session %s has no puzzle %d", s.ID, k)
	}
	return svc.Puzzle(s.Puzzles[k])
}

// sessionView reads s's members and answers into a view; closed is the
// index of the puzzle just closed, or nil.
func (t *Tutor) sessionView(ctx context.Context, svc *practice.Service, s store.StudySession, closed *int, event string) (SessionView, error) {
	rctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "SessionMembers")
	members, err := svc.Store().SessionMembers(rctx, s.ID)
	if err != nil {
		return SessionView{}, err
	}
	Step(ctx, "store", "SessionAnswers")
	answers, err := svc.Store().SessionAnswers(rctx, s.ID)
	if err != nil {
		return SessionView{}, err
	}
	v := SessionView{StudySession: s, Event: event, Members: members}
	if closed != nil {
		p, err := sessionPuzzle(svc, s, *closed)
		if err != nil {
			return SessionView{}, err
		}
		sp := &SessionPuzzle{Index: *closed, Puzzle: p}
		for _, a := range answers {
			if a.Puzzle == *closed {
				sp.Answers = append(sp.Answers, a)
			}
		}
		for _, m := range members {
			if !slices.ContainsFunc(sp.Answers, func(a store.SessionAnswer) bool { return a.User == m }) {
				sp.Missing = append(sp.Missing, m)
			}
		}
		v.Closed = sp
	}
	if s.Status == store.SessionRunning {
		p, err := sessionPuzzle(svc, s, s.Current)
		if err != nil {
			return SessionView{}, err
		}
		v.Open = &SessionPuzzle{Index: s.Current, Puzzle: p, Picture: t.picture(ctx, p.Position, false)}
	} else {
		v.Table = sessionTable(members, answers)
	}
	return v, nil
}

// sessionTable ranks members by right answers, then by puzzles answered
// (so at equal rights a member who answered ranks above one who did not,
// whose time is 0 s), then by total time; members equal on all three
// share a rank.
func sessionTable(members []string, answers []store.SessionAnswer) []Standing {
	by := map[string]*Standing{}
	var out []Standing
	for _, m := range members {
		by[m] = &Standing{User: m}
	}
	for _, a := range answers {
		st := by[a.User]
		if st == nil {
			continue
		}
		st.Answered++
		st.Time += a.Elapsed
		if a.Correct {
			st.Right++
		}
	}
	for _, m := range members {
		out = append(out, *by[m])
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Right, a.Right), cmp.Compare(b.Answered, a.Answered), cmp.Compare(a.Time, b.Time))
	})
	for k := range out {
		out[k].Rank = k + 1
		if k > 0 && out[k].Right == out[k-1].Right && out[k].Answered == out[k-1].Answered && out[k].Time == out[k-1].Time {
			out[k].Rank = out[k-1].Rank
		}
	}
	return out
}

// closeSession closes s's open puzzle at now by compare-and-set, opening
// the next one or ending the session (stop ends it early); it returns
// errSessionMoved if another click or replica closed it first.
//
// tokenPost counts a follow-up sent with the session's token (the clock's
// post when the bot user cannot post).
func (t *Tutor) closeSession(ctx context.Context, svc *practice.Service, s store.StudySession, stop bool, event string, tokenPost bool) (SessionView, error) {
	now := t.cfg.Now()
	from := s.Current
	s.Current++
	s.Opened, s.Due = now, now.Add(time.Duration(s.Seconds)*time.Second)
	if stop || s.Current >= len(s.Puzzles) {
		s.Current, s.Status = len(s.Puzzles), store.SessionOver
		if stop {
			s.Status = store.SessionStopped
		}
		s.Due = now
	}
	sctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "AdvanceSession")
	err := svc.Store().AdvanceSession(sctx, s.ID, from, s.Current, s.Status, s.Opened, s.Due, tokenPost)
	switch {
	case errors.Is(err, store.ErrGameMoved):
		_, cur, lerr := t.loadSession(ctx, s.ID)
		if lerr != nil {
			return SessionView{}, lerr
		}
		return SessionView{}, errSessionMoved(cur)
	case errors.Is(err, store.ErrNotFound):
		return SessionView{}, errSessionGone
	case err != nil:
		return SessionView{}, err
	}
	return t.sessionView(ctx, svc, s, &from, event)
}

// JoinSession makes user a member of session id: the bot then waits for
// their answer before closing a puzzle early. via's token becomes the
// session's, for the clock's posts.
func (t *Tutor) JoinSession(ctx context.Context, user, id string, via Via) (SessionView, error) {
	Step(ctx, "tutor", "JoinSession")
	svc, s, err := t.loadSession(ctx, id)
	if err != nil {
		return SessionView{}, err
	}
	if s.Status != store.SessionRunning {
		return SessionView{}, errSessionMoved(s)
	}
	sctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "JoinSession")
	if err := svc.Store().JoinSession(sctx, id, user, t.cfg.Now(), via.token(t.cfg.Now())); errors.Is(err, store.ErrGameMoved) {
		return SessionView{}, errSessionMoved(store.StudySession{Status: store.SessionOver})
	} else if err != nil {
		return SessionView{}, err
	}
	return t.sessionView(ctx, svc, s, nil, "")
}

// SessionPuzzleAt returns the open puzzle of session id if it is puzzle
// k: what a move form needs.
func (t *Tutor) SessionPuzzleAt(ctx context.Context, id string, k int) (*Puzzle, error) {
	Step(ctx, "tutor", "SessionPuzzleAt")
	svc, s, err := t.loadSession(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.Status != store.SessionRunning || s.Current != k {
		return nil, errSessionMoved(s)
	}
	return sessionPuzzle(svc, s, k)
}

// AnswerSession records user's answer to puzzle k of session id, which
// read takes from the puzzle's position. A member answers each puzzle
// once. The members a puzzle waits for are those who pressed Join before
// or while it was open, or answered an earlier puzzle; when every one of
// them has answered (and there is one), the puzzle closes, the next one
// opens, and the answer comes back with the session after it. via's
// token becomes the session's, for the clock's posts.
func (t *Tutor) AnswerSession(ctx context.Context, user, id string, k int, via Via, read func(solver.Position) (solver.Move, error)) (SessionAnswered, error) {
	Step(ctx, "tutor", "AnswerSession")
	svc, s, err := t.loadSession(ctx, id)
	if err != nil {
		return SessionAnswered{}, err
	}
	if s.Status != store.SessionRunning || s.Current != k {
		return SessionAnswered{}, errSessionMoved(s)
	}
	p, err := sessionPuzzle(svc, s, k)
	if err != nil {
		return SessionAnswered{}, err
	}
	m, err := read(p.Position)
	if err != nil {
		return SessionAnswered{}, err
	}
	if _, err := p.Position.Play(m); err != nil {
		return SessionAnswered{}, fault.New(fault.EInvalid, "move", "%s cannot be played: %s; pick a legal move", m, fault.Message(err))
	}
	now := t.cfg.Now()
	a := store.SessionAnswer{Session: id, User: user, Puzzle: k, Move: MoveText(m), Correct: slices.ContainsFunc(p.Winning, func(w solver.Move) bool { return MoveText(w) == MoveText(m) }),
		Elapsed: max(0, now.Sub(s.Opened)), At: now, Via: via.token(now)}
	sctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "AnswerSession")
	waited, answered, err := svc.Store().AnswerSession(sctx, a)
	switch {
	case errors.Is(err, store.ErrAnswered):
		return SessionAnswered{}, fault.New(fault.EInvalid, "", "you already answered puzzle %d; the solution comes when its time is up or everyone has answered", k+1)
	case errors.Is(err, store.ErrGameMoved):
		_, now, lerr := t.loadSession(ctx, id)
		if lerr != nil {
			return SessionAnswered{}, lerr
		}
		return SessionAnswered{}, errSessionMoved(now)
	case errors.Is(err, store.ErrNotFound):
		return SessionAnswered{}, errSessionGone
	case err != nil:
		return SessionAnswered{}, err
	}
	out := SessionAnswered{Move: m, Index: k, Of: len(s.Puzzles)}
	if waited == 0 || answered < waited {
		return out, nil
	}
	v, err := t.closeSession(ctx, svc, s, false, fmt.Sprintf("Everyone has answered puzzle %d.", k+1), false)
	if err != nil {
		// Another replica closed it at the same moment: the answer
		// stands, and that replica posts the solution.
		if fault.Code(err) == fault.EExpired {
			return out, nil
		}
		return SessionAnswered{}, err
	}
	out.Closed = &v
	return out, nil
}

// mayRun refuses user's control of session s unless they started it or
// manage the server.
func mayRun(s store.StudySession, user string, manager bool, what string) error {
	if user == s.Starter || manager {
		return nil
	}
	return fault.New(fault.EForbidden, "", "only <@%s>, who started this session, or a member who can manage the server can %s it", s.Starter, what)
}

// RevealSession closes puzzle k of session id now, for its starter or a
// member who manages the server (manager): the solution and the tally
// come at once, then the next puzzle.
func (t *Tutor) RevealSession(ctx context.Context, user, id string, k int, manager bool) (SessionView, error) {
	Step(ctx, "tutor", "RevealSession")
	svc, s, err := t.loadSession(ctx, id)
	if err != nil {
		return SessionView{}, err
	}
	if err := mayRun(s, user, manager, "reveal a puzzle of"); err != nil {
		return SessionView{}, err
	}
	if s.Status != store.SessionRunning || s.Current != k {
		return SessionView{}, errSessionMoved(s)
	}
	return t.closeSession(ctx, svc, s, false, fmt.Sprintf("<@%s> revealed puzzle %d.", user, k+1), false)
}

// StopSession ends the session running in channel, for its starter or a
// member who manages the server: the open puzzle's solution and the
// table so far.
func (t *Tutor) StopSession(ctx context.Context, user, guild, channel string, manager bool) (SessionView, error) {
	Step(ctx, "tutor", "StopSession")
	if guild == "" {
		return SessionView{}, fault.New(fault.EInvalid, "", "/session runs in a server channel; there is none to stop in direct messages")
	}
	svc, err := t.practice(ctx)
	if err != nil {
		return SessionView{}, err
	}
	s, err := t.runningSession(ctx, svc, channel)
	if errors.Is(err, store.ErrNotFound) {
		return SessionView{}, fault.New(fault.EInvalid, "", "no session is running in this channel; /session start begins one")
	} else if err != nil {
		return SessionView{}, err
	}
	if err := mayRun(s, user, manager, "stop"); err != nil {
		return SessionView{}, err
	}
	return t.closeSession(ctx, svc, s, true, fmt.Sprintf("<@%s> stopped the session at puzzle %d of %d.", user, s.Current+1, len(s.Puzzles)), false)
}

// maxDuePerTick bounds the puzzles one tick closes.
const maxDuePerTick = 50

// CloseDueSessions closes every open puzzle whose time ran out that the
// bot can announce now (CanPost), each by compare-and-set: of replicas
// ticking at once, one closes a puzzle and gets its view to post; the
// others skip it. A puzzle whose session cannot be announced stays open
// until everyone answers or the mentor reveals it.
func (t *Tutor) CloseDueSessions(ctx context.Context) ([]SessionView, error) {
	Step(ctx, "tutor", "CloseDueSessions")
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, err
	}
	now := t.cfg.Now()
	sctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "DueSessions")
	due, err := svc.Store().DueSessions(sctx, now, MaxTokenPosts, maxDuePerTick)
	if err != nil {
		return nil, err
	}
	var out []SessionView
	for _, s := range due {
		if !CanPost(s, now) {
			continue
		}
		v, err := t.closeSession(ctx, svc, s, false, fmt.Sprintf("Time is up for puzzle %d.", s.Current+1), !s.BotPosts)
		if fault.Code(err) == fault.EExpired {
			continue // another replica closed it
		}
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}
