package tutor

import (
	"context"

	"github.com/nimtutor/nimtutor/practice"
)

// ErrHidden is MemberProgress's answer for a member who hides their
// progress from the others.
var ErrHidden = practice.ErrHidden

// MemberProgress gathers what the other members of guild may see of
// user's practice there: practice.Service.MemberProgress.
func (t *Tutor) MemberProgress(ctx context.Context, user, guild, game string) (*Progress, error) {
	Step(ctx, "tutor", "MemberProgress")
	svc, err := t.practiceIn(ctx, game)
	if err != nil {
		return nil, err
	}
	Step(ctx, "practice", "MemberProgress")
	return svc.MemberProgress(ctx, user, guild, game)
}

// SetProgressHidden records whether user hides their progress from the
// other members of every server.
func (t *Tutor) SetProgressHidden(ctx context.Context, user string, hidden bool) error {
	Step(ctx, "tutor", "SetProgressHidden")
	svc, err := t.practice(ctx)
	if err != nil {
		return err
	}
	Step(ctx, "practice", "SetProgressHidden")
	return svc.SetProgressHidden(ctx, user, hidden)
}
