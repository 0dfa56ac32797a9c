package goja

// jobBlockSize is how many jobs a block of the job queue holds.
const jobBlockSize = 128

// jobQueue is the runtime's job queue, first in, first out: a list of fixed-size blocks, so
// that a burst of jobs grows it without copying what is queued, and memory is given back as
// it drains. One drained block is kept for the next jobs.
type jobQueue struct {
	head, tail *jobBlock
	first      int // the next job to run in head
	spare      *jobBlock
}

type jobBlock struct {
	jobs [jobBlockSize]job
	n    int // jobs queued in the block
	next *jobBlock
}

func (q *jobQueue) newBlock() *jobBlock {
	if b := q.spare; b != nil {
		q.spare = nil
		return b
	}
	return new(jobBlock)
}

func (q *jobQueue) push(j job) {
	if q.tail == nil || q.tail.n == jobBlockSize {
		b := q.newBlock()
		if q.tail == nil {
			q.head = b
		} else {
			q.tail.next = b
		}
		q.tail = b
	}
	q.tail.jobs[q.tail.n] = j
	q.tail.n++
}

// pop takes the next job off the queue; nil when it is empty.
func (q *jobQueue) pop() job {
	b := q.head
	if b == nil || q.first == b.n {
		return nil
	}
	j := b.jobs[q.first]
	b.jobs[q.first] = nil // what the job holds can be collected once it has run
	q.first++
	if q.first == b.n && (b.next != nil || b.n == jobBlockSize) {
		// Drained: the next block (or a fresh one) takes over, and this one is kept as spare.
		q.head = b.next
		if q.head == nil {
			q.tail = nil
		}
		q.first = 0
		*b = jobBlock{}
		q.spare = b
	}
	return j
}

func (q *jobQueue) empty() bool {
	return q.head == nil || q.first == q.head.n
}

// clear drops every queued job.
func (q *jobQueue) clear() {
	*q = jobQueue{}
}
