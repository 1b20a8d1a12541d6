"""Figures the .ci/*-lab.sh checks compare, read from the outputs the guest left in the work
directory: each job's error, io_bytes and total_ios from fio's (or jfio's) JSON output, and the
error lines around it. Used as `PYTHONPATH=.ci python3 - "$work" <<'PY'` then
`from lab_figures import Lab`."""
import json
import os
import re
import sys


class Lab:
    def __init__(self, work=None):
        self.work = work or sys.argv[1]
        self.failed = False

    def text(self, name):
        """A file of the work directory, or "" when the guest left none."""
        p = os.path.join(self.work, name)
        if not os.path.exists(p):
            return ""
        with open(p) as f:
            return f.read()

    def jobs(self, *names):
        """The jobs of one or more JSON outputs; error lines (both tools print them to the
        --output file) may come before the JSON."""
        out = []
        for n in names:
            t = self.text(n)
            # the JSON starts at its "fio version" key; a killed fio's last line may run into it
            i = t.find('{\n  "fio version"')
            if i < 0:
                i = 0 if t.startswith("{") else t.find("\n{") + 1
                if t == "" or (i == 0 and not t.startswith("{")):
                    raise SystemExit("FAIL: %s holds no JSON output" % n)
            out += json.JSONDecoder().raw_decode(t[i:])[0]["jobs"]
        return out

    @staticmethod
    def key(job, dirs=("read", "write")):
        """(error, (io_bytes, total_ios) per direction): what both tools must agree on."""
        return (job["error"],) + tuple((job[d]["io_bytes"], job[d]["total_ios"]) for d in dirs)

    def check(self, ok, msg):
        print(("ok" if ok else "FAIL") + ": " + msg)
        self.failed |= not ok
        return ok

    def same_jobs(self, what, mine, theirs, dirs=("read", "write"), width=18):
        """Job lists equal by name, and each pair's key equal (jfio's first, fio's second)."""
        if not self.check([j["jobname"] for j in mine] == [j["jobname"] for j in theirs],
                          "%s job lists %s %s" % (what, [j["jobname"] for j in mine],
                                                  [j["jobname"] for j in theirs])):
            return
        for a, b in zip(mine, theirs):
            self.check(self.key(a, dirs) == self.key(b, dirs), "%s %-*s jfio %s fio %s"
                       % (what, width, a["jobname"], self.key(a, dirs), self.key(b, dirs)))

    def lines(self, prefixes, *names, norm=None):
        """The lines of the named files that start with one of prefixes, pids made N, in order."""
        out = []
        for n in names:
            for l in self.text(n).splitlines():
                if l.startswith(tuple(prefixes)):
                    l = re.sub(r"pid=\d+", "pid=N", l)
                    out.append(norm(l) if norm else l)
        return out

    def same_lines(self, what, mine, theirs, require=True):
        ok = mine == theirs and (len(theirs) > 0 or not require)
        self.check(ok, "%s: %d lines, jfio's %s fio's" % (what, len(theirs), "equal" if ok else "differ from"))
        if not ok:
            print("\n".join(["jfio:"] + mine + ["fio:"] + theirs))
        return ok

    def exit(self):
        sys.exit(1 if self.failed else 0)
