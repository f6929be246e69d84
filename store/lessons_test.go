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
		steps := []struct {
			step  int
			right bool
			want  store.LessonProgress
		}{
			{0, true, store.LessonProgress{Lesson: "nim", StepsDone: 1}},
			{1, false, store.LessonProgress{Lesson: "nim", StepsDone: 1, Mistakes: 1}},
			{1, true, store.LessonProgress{Lesson: "nim", StepsDone: 2, Mistakes: 1}},
			{0, true, store.LessonProgress{Lesson: "nim", StepsDone: 2, Mistakes: 1}}, // going back keeps progress
			{2, true, store.LessonProgress{Lesson: "nim", StepsDone: 3, Mistakes: 1, Done: true}},
		}
		for k, st := range steps {
			got, err := s.RecordLesson(ctx, "me", "nim", st.step, 3, st.right)
			if err != nil {
				t.Fatal(err)
			}
			got.Updated = st.want.Updated
			if got != st.want {
				t.Errorf("answer %d: %+v, want %+v", k+1, got, st.want)
			}
		}
		if _, err := s.RecordLesson(ctx, "me", "misere", 0, 4, false); err != nil {
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
