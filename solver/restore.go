package solver

// Snapshot returns what Restore needs to rebuild pos: its text, the player
// to move and, for binstring, the 0s each player holds.
func Snapshot(pos Position) (text string, mover Player, held [2]int) {
	if b, ok := pos.(*BinaryString); ok {
		held = b.held
	}
	return pos.String(), pos.ToMove(), held
}

// Restore rebuilds a position in the middle of a game from its text, the
// player to move and, for binstring, the 0s each player already holds.
// The text is checked exactly as Parse checks it; held must be zero for
// games other than binstring.
func Restore(g Game, text string, mover Player, held [2]int) (Position, error) {
	if mover != 0 && mover != 1 {
		return nil, inputErr("state", "player %d does not exist", mover)
	}
	pos, err := g.Parse(text, ParseOptions{First: g.PlayerName(mover), Long: true})
	if err != nil {
		return nil, err
	}
	switch p := pos.(type) {
	case *Stacks:
		// Parse already set the first player.
	case *ABRow:
		p.mover = mover
	case *Board:
		p.mover = mover
	case *BinaryString:
		if held[0] < 0 || held[1] < 0 {
			return nil, inputErr("state", "a player cannot hold fewer than no 0s")
		}
		p.mover, p.held = mover, held
		return p, nil
	}
	if held != [2]int{} {
		return nil, inputErr("state", "only binstring positions hold 0s")
	}
	return pos, nil
}
