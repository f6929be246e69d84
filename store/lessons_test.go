package store_test

import (
	"context"
	"testing"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

func TestLessonProgress(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		type p = store.LessonProgress
		steps := []struct {
			step  int
			pos   string
			right bool
			want  store.LessonProgress
		}{
			{0, "5", true, p{Lesson: "nim", Streak: 1, StreakPosition: "5"}},
			{0, "5", true, p{Lesson: "nim", Streak: 1, StreakPosition: "5"}}, // the same position counts once
			{0, "3", true, p{Lesson: "nim", StepsDone: 1, Streak: 2, StreakPosition: "3"}},
			{1, "4 4", true, p{Lesson: "nim", StepsDone: 1, StreakStep: 1, Streak: 1, StreakPosition: "4 4"}},
			{1, "2 2", false, p{Lesson: "nim", StepsDone: 1, Mistakes: 1, StreakStep: 1, StreakPosition: "4 4"}},
			{1, "1 1", true, p{Lesson: "nim", StepsDone: 1, Mistakes: 1, StreakStep: 1, Streak: 1, StreakPosition: "1 1"}},
			{1, "3 3", true, p{Lesson: "nim", StepsDone: 2, Mistakes: 1, StreakStep: 1, Streak: 2, StreakPosition: "3 3"}},
			{0, "2", true, p{Lesson: "nim", StepsDone: 2, Mistakes: 1, Streak: 1, StreakPosition: "2"}}, // going back keeps progress
			{2, "1 2 3", true, p{Lesson: "nim", StepsDone: 2, Mistakes: 1, StreakStep: 2, Streak: 1, StreakPosition: "1 2 3"}},
			{2, "1 4 5", true, p{Lesson: "nim", StepsDone: 3, Mistakes: 1, Done: true, StreakStep: 2, Streak: 2, StreakPosition: "1 4 5"}},
		}
		for k, st := range steps {
			got, err := s.RecordLesson(ctx, "me", "nim", store.LessonAnswer{Step: st.step, Steps: 3, Need: 2, Position: st.pos, Right: st.right})
			if err != nil {
				t.Fatal(err)
			}
			got.Updated = st.want.Updated
			if got != st.want {
				t.Errorf("answer %d: %+v, want %+v", k+1, got, st.want)
			}
		}
		if _, err := s.RecordLesson(ctx, "me", "misere", store.LessonAnswer{Step: 0, Steps: 4, Need: 2, Position: "1", Right: false}); err != nil {
			t.Fatal(err)
		}
		all, err := s.Lessons(ctx, "me")
		if err != nil || len(all) != 2 || all[0].Lesson != "misere" || all[0].Mistakes != 1 || !all[1].Done {
			t.Fatalf("Lessons = %+v, %v", all, err)
		}
		if other, _ := s.Lessons(ctx, "other"); len(other) != 0 {
			t.Errorf("another learner sees %+v", other)
		}
		e, err := s.ExportUser(ctx, "me")
		if err != nil || len(e.Lessons) != 2 {
			t.Errorf("export holds lessons %+v, %v", e.Lessons, err)
		}
		if err := s.Forget(ctx, "me"); err != nil {
			t.Fatal(err)
		}
		if all, _ := s.Lessons(ctx, "me"); len(all) != 0 {
			t.Errorf("after Forget: %+v", all)
		}
	})
}
