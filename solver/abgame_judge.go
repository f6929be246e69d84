package solver

// abClass classifies a byte of an abgame row: 1 for 'A', 2 for 'B', 0 for
// '.', and 4 for anything else.
var abClass = func() (t [256]uint8) {
	for i := range t {
		t[i] = 4
	}
	t['.'], t['A'], t['B'] = 0, 1, 2
	return t
}()

// judgeABRow is the judge's pass over one row: the same pairing as scanAB,
// validating as it goes, written without data-dependent branches so a row
// dense with letters runs as fast as a sparse one. It returns the index of
// the first invalid byte, or -1.
func judgeABRow(row []byte) (reserve [2]int, nim int, bad int) {
	var bits uint8 // OR of all classes: bit 2 set means an invalid byte
	open := 0      // 1 while a right-moving letter waits for its partner
	openAt, openC := 0, 0
	var res [3]int // reserve moves by class: res[1] for A, res[2] for B
	for i, c := range row {
		k := abClass[c]
		bits |= k
		cls := int(k & 3)
		letter := -((cls | cls>>1) & 1) // all ones on a letter
		closing := letter & -open       // a letter that closes a pair
		opening := letter &^ -open      // a letter that opens one
		d := (i - openAt - 1) & closing
		same := -b2i(cls == openC)
		res[cls] += d & same
		nim ^= d &^ same
		openAt = openAt&^opening | i&opening
		openC = openC&^opening | cls&opening
		open ^= letter & 1
	}
	if bits&4 != 0 {
		for i, c := range row {
			if abClass[c] == 4 {
				return reserve, 0, i
			}
		}
	}
	if open == 1 {
		d := len(row) - openAt - 1
		res[openC] += d
	}
	return [2]int{res[1], res[2]}, nim, -1
}

// b2i is 1 for true and 0 for false; the compiler emits SETcc for it.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
