package commands

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/play"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// Games against the bot are stored with every move, so that they survive
// a restart (/history resumes them) and get a review when they end. The
// play handlers call recordStart and recordTurn; without a store these do
// nothing, and a failing store never stops a game: it is logged.

// storeTimeout bounds one game record's write.
const storeTimeout = 2 * time.Second

// recordStart stores a new game: its start and the bot's first move, if any.
func (r *Router) recordStart(ctx context.Context, i *discordgo.Interaction, start solver.Position, gm game) {
	if r.cfg.Practice == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	svc, err := r.practice(ctx)
	if err != nil {
		r.cfg.Log.Error("storing a game", "err", err)
		return
	}
	if start.Held() != [2]int{} {
		return // a mid-game binstring cannot be restored from its text
	}
	rec := store.GameRecord{ID: randomKey(), User: gm.owner, Guild: i.GuildID, Game: start.Game().Name(),
		Start: start.String(), StartMover: int(start.ToMove()), Side: int(gm.Side)}
	if gm.Last != nil {
		rec.Moves = []string{practice.MoveText(gm.Last)}
	}
	if err := svc.Store().SaveGame(ctx, rec); err != nil {
		r.cfg.Log.Error("storing a game", "err", err)
	}
}

// recordTurn adds the learner's move and the bot's answer to the stored
// game that was at before, and returns the review card when the game is
// over (nil otherwise, or when nothing is stored).
func (r *Router) recordTurn(before, after game, m solver.Move) *discordgo.MessageEmbed {
	if r.cfg.Practice == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	svc, err := r.practice(ctx)
	if err != nil {
		r.cfg.Log.Error("storing a move", "err", err)
		return nil
	}
	add := []string{practice.MoveText(m)}
	if after.Last != nil {
		add = append(add, practice.MoveText(after.Last))
	}
	result := play.Result(after.Pos, after.Side)
	rec, err := r.findGame(ctx, svc, before)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// Started before the store knew it (or on another setup): keep it
		// from here on.
		if before.Pos.Held() != [2]int{} {
			return nil
		}
		rec = store.GameRecord{ID: randomKey(), User: before.owner, Game: before.Pos.Game().Name(), Start: before.Pos.String(),
			StartMover: int(before.Pos.ToMove()), Side: int(before.Side), Moves: add, Result: result}
		err = svc.Store().SaveGame(ctx, rec)
	case err == nil:
		err = svc.Store().AppendMoves(ctx, rec.ID, rec.Moves, add, result)
		rec.Moves, rec.Result = append(rec.Moves, add...), result
	}
	if err != nil {
		r.cfg.Log.Error("storing a move", "err", err)
		return nil
	}
	if result == "" {
		return nil
	}
	rev, err := practice.ReviewRecord(rec)
	if err != nil {
		r.cfg.Log.Error("reviewing a game", "game", rec.ID, "err", err)
		return nil
	}
	return reviewEmbed(rev)
}

// findGame returns the learner's unfinished stored game whose current
// position is before's.
func (r *Router) findGame(ctx context.Context, svc *practice.Service, before game) (store.GameRecord, error) {
	recent, err := svc.Store().Games(ctx, before.owner, 10)
	if err != nil {
		return store.GameRecord{}, err
	}
	want := before.Pos
	for _, rec := range recent {
		if rec.Result != "" || rec.Game != want.Game().Name() || rec.Side != int(before.Side) {
			continue
		}
		pos, err := replay(rec.Game, rec.Start, rec.StartMover, rec.Moves)
		if err != nil {
			continue
		}
		if pos.String() == want.String() && pos.ToMove() == want.ToMove() && pos.Held() == want.Held() {
			return rec, nil
		}
	}
	return store.GameRecord{}, store.ErrNotFound
}
