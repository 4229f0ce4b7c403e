/**
 * A readers–writer lock over the site's operator settings: states that set settings (the chat switched on, the
 * service ended) are walked alone, every other state shares the site. A waiting writer goes before new readers.
 */
export class SettingsLock {
  private readers = 0;
  private writing = false;
  private writersWaiting = 0;
  private waiting: (() => void)[] = [];

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }

  /** Runs `work` alone (`exclusive`) or beside other shared holders. */
  async hold<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    // The check and the taking happen in one synchronous step after each wake-up: two waiters woken together
    // cannot both find the lock free.
    const wait = () => new Promise<void>((resume) => this.waiting.push(resume));
    if (exclusive) {
      this.writersWaiting++;
      while (this.writing || this.readers > 0) await wait();
      this.writersWaiting--;
      this.writing = true;
    } else {
      while (this.writing || this.writersWaiting > 0) await wait();
      this.readers++;
    }
    try {
      return await work();
    } finally {
      if (exclusive) this.writing = false;
      else this.readers--;
      this.wake();
    }
  }
}
