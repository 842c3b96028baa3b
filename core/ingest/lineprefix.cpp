// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lineprefix.h"

#include "bytesearch.h"
#include "ingestresult.h"

#include <algorithm>
#include <cstring>

namespace rankscope::ingest {

namespace {

// `docker pull` prints "<layer id>: Pulling fs layer", "<tag>: Pulling from <repo>": a layer id
// (12 hex digits) looks like a container's host name, but these lines name no writer.
bool isDockerPullStatus(QByteArrayView rest)
{
    for (const char *status : {"Pulling fs layer", "Pulling from ", "Waiting", "Verifying Checksum", "Download complete",
                               "Pull complete", "Already exists", "Downloading", "Extracting"}) {
        if (rest.startsWith(status))
            return true;
    }
    return false;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isHostChar(char c) { return isAlpha(c) || isDigit(c) || c == '.' || c == '-' || c == '_'; }

// Reads a decimal number at p; returns -1 and leaves p when there is none.
qint64 number(const char *&p, const char *end)
{
    if (p >= end || !isDigit(*p))
        return -1;
    qint64 v = 0;
    while (p < end && isDigit(*p) && v < (qint64(1) << 40))
        v = v * 10 + (*p++ - '0');
    return v;
}

bool startsWith(const char *p, const char *end, const char *lit)
{
    const size_t n = std::strlen(lit);
    return p <= end && size_t(end - p) >= n && std::memcmp(p, lit, n) == 0;
}

// ISO-8601 UTC stamp of the CRI log format / kubectl --timestamps, followed by a space.
bool utcStamp(const char *&p, const char *end, ParsedTime &t)
{
    if (end - p < 20 || !isDigit(p[0]) || p[4] != '-' || p[10] != 'T')
        return false;
    const char *q = p;
    while (q < end && *q != ' ')
        ++q;
    if (q == end || q[-1] != 'Z')
        return false;
    ParsedTime parsed = TimestampParser::parse(QByteArrayView(p, q - p));
    if (parsed.kind != ParsedTime::Kind::Absolute)
        return false;
    t = parsed;
    p = q + 1;
    return true;
}

} // namespace

LinePrefix LinePrefix::parse(QByteArrayView line, bool bracketRanks)
{
    LinePrefix r;
    const char *begin = line.data();
    const char *end = begin + line.size();
    const char *p = begin;

    // 1-2: CRI "<ts> stdout F " / kubectl --timestamps "<ts> "
    if (utcStamp(p, end, r.outerTime)) {
        if (startsWith(p, end, "stdout ") || startsWith(p, end, "stderr ")) {
            p += 7;
            if (p + 1 < end && (*p == 'F' || *p == 'P') && p[1] == ' ')
                p += 2;
        }
    }
    // 3: kubectl --prefix "[pod/<pod>/<container>] "
    if (startsWith(p, end, "[pod/")) {
        const char *q = p + 5;
        const char *podStart = q;
        while (q < end && *q != '/' && *q != ']')
            ++q;
        if (q < end && *q == '/') {
            r.pod = QByteArrayView(podStart, q - podStart);
            while (q < end && *q != ']')
                ++q;
            if (q + 1 < end && q[1] == ' ')
                p = q + 2;
        }
    }
    // 4: pdsh "host: " — only a token that looks like a host (has a digit or a dot), so that
    // "srun: error:" or "RuntimeError: " are not taken for host names.
    {
        const char *q = p;
        bool hasDigitOrDot = false, allDigits = true;
        while (q < end && isHostChar(*q)) {
            hasDigitOrDot |= isDigit(*q) || *q == '.';
            allDigits &= isDigit(*q);
            ++q;
        }
        if (q > p && q + 1 < end && *q == ':' && q[1] == ' ' && hasDigitOrDot && !allDigits
            && q - p >= 3 && !(q - p > 5 && std::memcmp(q - 5, "Error", 5) == 0)
            && !isDockerPullStatus(QByteArrayView(q + 2, end - (q + 2)))) {
            // An IPv4 address or a host-like name. Exclude "slurmstepd-…" style program names.
            r.host = QByteArrayView(p, q - p);
            p = q + 2;
        }
    }
    // 5: Slurm --label: "  12: " or het job "P1  3: "
    {
        const char *q = p;
        if (q < end && *q == 'P' && q + 1 < end && isDigit(q[1])) {
            ++q;
            const qint64 group = number(q, end);
            if (q < end && *q == ' ') {
                while (q < end && *q == ' ')
                    ++q;
                const qint64 task = number(q, end);
                if (task >= 0 && task < MaxWorldSize && group < MaxWorldSize && q + 1 < end && *q == ':' && q[1] == ' ') {
                    r.slurmHetGroup = int(group);
                    r.slurmTask = int(task);
                    p = q + 2;
                }
            }
        } else {
            while (q < end && *q == ' ')
                ++q;
            const qint64 task = number(q, end);
            if (task >= 0 && task < MaxWorldSize && q + 1 < end && *q == ':' && q[1] == ' ') {
                r.slurmTask = int(task);
                p = q + 2;
            }
        }
    }
    // MPICH / Intel MPI "-prepend-rank": "[3] " before the process's own output.
    if (bracketRanks && p < end && *p == '[') {
        const char *q = p + 1;
        const qint64 rank = number(q, end);
        if (rank >= 0 && rank < MaxWorldSize && q + 1 < end && *q == ']' && q[1] == ' ') {
            r.mpiRank = int(rank);
            p = q + 2;
        }
    }
    // 6: Open MPI "[1,3]<stdout>:" (ORTE) or with a trailing space (PMIx); Horovod's Gloo
    // launcher writes the rank alone, "[3]<stdout>:".
    if (p < end && *p == '[') {
        const char *q = p + 1;
        while (q < end && (isAlpha(*q) || isDigit(*q)))
            ++q;
        if (q < end && *q == ']' && q > p + 1 && std::all_of(p + 1, q, isDigit)
            && (startsWith(q + 1, end, "<stdout>:") || startsWith(q + 1, end, "<stderr>:"))) {
            const char *n = p + 1;
            const qint64 rank = number(n, end);
            if (rank >= 0 && rank < MaxWorldSize) {
                r.mpiRank = int(rank);
                p = q + 10;
                if (p < end && *p == ' ')
                    ++p;
            }
        } else if (q < end && *q == ',') {
            ++q;
            const qint64 vpid = number(q, end);
            if (vpid >= 0 && vpid < MaxWorldSize && q < end && *q == ']') {
                ++q;
                if (q < end && *q == '[') { // detailed form [job,vpid][host:pid]
                    while (q < end && *q != ']')
                        ++q;
                    if (q < end) // an unclosed "[host:pid" ends the line: nothing follows it
                        ++q;
                }
                if (startsWith(q, end, "<stdout>:") || startsWith(q, end, "<stderr>:") || startsWith(q, end, "<stddiag>:")) {
                    q += q[4] == 'i' ? 10 : 9;
                    if (q < end && *q == ' ')
                        ++q;
                    r.mpiRank = int(vpid);
                    p = q;
                }
            }
        }
    }
    // 6b: Open MPI's own messages (opal_output, show_help, the BTLs): "[host:pid] " — "[node01:02020]
    // Read -1, expected 150528, errno = 1", "[gpu-3:41] *** Process received signal ***". The
    // host must hold a letter, so that a time "[12:34]" is none.
    if (r.host.isEmpty() && r.pod.isEmpty() && p < end && *p == '[') {
        const char *q = p + 1;
        bool letter = false;
        while (q < end && isHostChar(*q)) {
            letter |= isAlpha(*q);
            ++q;
        }
        const char *hostEnd = q;
        if (letter && hostEnd - p > 2 && q < end && *q == ':') {
            ++q;
            const char *pidStart = q;
            while (q < end && isDigit(*q))
                ++q;
            if (q > pidStart && q - pidStart <= 7 && q < end && *q == ']' && (q + 1 == end || q[1] == ' ')) {
                r.host = QByteArrayView(p + 1, hostEnd - p - 1);
                p = q + 1 < end ? q + 2 : q + 1;
            }
        }
    }
    // 7: Ray "(WorkerDict pid=3490362[, ip=10.0.0.1]) "
    if (p < end && *p == '(') {
        const char *q = p + 1;
        while (q < end && (isAlpha(*q) || isDigit(*q) || *q == '_'))
            ++q;
        if (startsWith(q, end, ", ip=")) { // a Ray system process: "(raylet, ip=10.0.12.174) "
            const char *ipStart = q + 5;
            const char *ipEnd = ipStart;
            while (ipEnd < end && (isDigit(*ipEnd) || *ipEnd == '.'))
                ++ipEnd;
            if (ipEnd > ipStart && ipEnd + 1 < end && *ipEnd == ')' && ipEnd[1] == ' ') {
                r.rayIp = QByteArrayView(ipStart, ipEnd - ipStart);
                p = ipEnd + 2;
            }
        } else if (startsWith(q, end, " pid=")) {
            q += 5;
            const qint64 pid = number(q, end);
            QByteArrayView ip;
            if (startsWith(q, end, ", ip=")) {
                const char *ipStart = q + 5;
                const char *ipEnd = ipStart;
                while (ipEnd < end && (isDigit(*ipEnd) || *ipEnd == '.'))
                    ++ipEnd;
                ip = QByteArrayView(ipStart, ipEnd - ipStart);
                q = ipEnd;
            }
            while (q < end && *q != ')')
                ++q;
            if (pid >= 0 && q + 1 < end && q[1] == ' ') {
                r.rayPid = int(pid);
                r.rayIp = ip;
                p = q + 2;
            }
        }
    }
    // 8-11: "[name N]:" prefixes, possibly stacked ("[default3]:[rank3]:[E…").
    for (int guard = 0; guard < 3 && p < end && *p == '['; ++guard) {
        const char *q = p + 1;
        const char *nameStart = q;
        while (q < end && (isAlpha(*q) || *q == '_'))
            ++q;
        const char *nameEnd = q;
        const qint64 n = number(q, end);
        if (n < 0 || n >= MaxWorldSize || q + 1 >= end || *q != ']' || q[1] != ':')
            break;
        const bool isRankWord = nameEnd - nameStart == 4 && std::memcmp(nameStart, "rank", 4) == 0;
        const char *after = q + 2;
        if (!isRankWord) {
            r.localRank = int(n); // torchrun --tee: role + LOCAL rank
            p = after;
            continue;
        }
        if (after < end && *after == ' ') { // 9: excepthook "[rank3]: "
            r.globalRank = int(n);
            p = after + 1;
            break;
        }
        if (startsWith(after, end, "[rank")) { // "--role rank --tee": this one is the local rank
            r.localRank = int(n);
            p = after;
            continue;
        }
        r.globalRank = int(n); // 10-11: c10 logger / torch._logging
        p = after;
        break;
    }
    r.contentOffset = p - begin;
    return r;
}

NcclPrefix NcclPrefix::parse(QByteArrayView content)
{
    NcclPrefix r;
    const char *p = content.data();
    const char *end = p + content.size();
    // Optional NCCL >= 2.26 timestamp "[…] " before the host.
    if (p < end && *p == '[') {
        const char *q = p;
        while (q < end && *q != ']')
            ++q;
        if (q + 1 < end && q[1] == ' ' && q - p < 64)
            p = q + 2;
    }
    const char *hostStart = p;
    while (p < end && *p != ':' && *p != ' ')
        ++p;
    if (p == hostStart || p >= end || *p != ':')
        return r;
    const char *hostEnd = p++;
    const qint64 pid = number(p, end);
    if (pid < 0 || p >= end || *p != ':')
        return r;
    ++p;
    const qint64 tid = number(p, end);
    if (tid < 0 || p >= end || *p != ' ')
        return r;
    ++p;
    int dev = -1;
    if (p < end && *p == '[') {
        const char *q = p + 1;
        const qint64 d = number(q, end);
        if (d >= 0 && q < end && *q == ']') {
            dev = int(d);
            p = q + 1;
        }
    }
    // Must be followed (soon) by "NCCL " to be an NCCL line and not, say, a time "12:34:56";
    // releases before 2.5 printed "host:pid:tid [dev] file.cc:line WARN …" without it.
    const QByteArrayView rest(p, std::min<qsizetype>(end - p, 200));
    if (!containsBytes(rest, "NCCL ") && !(dev >= 0 && (containsBytes(rest, " WARN ") || containsBytes(rest, " INFO "))))
        return r;
    r.host = QByteArrayView(hostStart, hostEnd - hostStart);
    r.pid = pid;
    r.tid = tid;
    r.cudaDev = dev;
    r.valid = true;
    return r;
}

int pgRankInMessage(QByteArrayView content)
{
    // Look for "Rank N]" preceded by "[" or by "PG … " within the same bracket.
    qsizetype from = 0;
    while (true) {
        const qsizetype i = findBytes(content, "Rank ", from);
        if (i < 0)
            return -1;
        const char *p = content.data() + i + 5;
        const char *end = content.data() + content.size();
        const qint64 n = number(p, end);
        if (n >= 0 && p < end && *p == ']') {
            // the bracket must open before "Rank" on the same token run
            for (qsizetype k = i - 1; k >= 0 && k >= i - 80; --k) {
                if (content.at(k) == '[')
                    return int(n);
                if (content.at(k) == ']')
                    break;
            }
        }
        from = i + 5;
    }
}

} // namespace rankscope::ingest

namespace rankscope::ingest {

namespace {

// "host ident[pid]: " or "host ident: " at p: the host, when an ident with a colon follows.
QByteArrayView hostBeforeIdent(const char *p, const char *end)
{
    const char *h = p;
    while (p < end && isHostChar(*p))
        ++p;
    if (p == h || p >= end || *p != ' ' || p - h > 253)
        return {};
    const QByteArrayView host(h, p - h);
    ++p;
    const char *ident = p;
    while (p < end && p - ident < 64 && *p != ' ' && *p != ':')
        ++p;
    if (p == ident || p >= end || *p != ':')
        return {};
    // A time is not a host ("12:00:00 INFO: …" has no host field).
    bool digitsOnly = true;
    for (char c : host)
        digitsOnly &= (c >= '0' && c <= '9') || c == '.' || c == ':';
    return digitsOnly ? QByteArrayView() : host;
}
} // namespace

QByteArrayView hostOfLine(QByteArrayView line)
{
    const char *p = line.data();
    const char *end = p + line.size();
    if (line.size() < 16)
        return {};
    // Syslog: "Mmm dd HH:MM:SS host ident…" (day padded with a blank or not).
    static const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (const char *m : months) {
        if (std::memcmp(p, m, 3) == 0 && p[3] == ' ') {
            const char *q = p + 4;
            if (*q == ' ')
                ++q;
            while (q < end && *q >= '0' && *q <= '9')
                ++q;
            if (q + 10 > end || *q != ' ' || q[3] != ':' || q[6] != ':')
                return {};
            q += 9;
            while (q < end && *q != ' ') // fractions of a second
                ++q;
            return q < end ? hostBeforeIdent(q + 1, end) : QByteArrayView();
        }
    }
    // journalctl -o short-iso / rsyslog: "2024-05-01T12:00:00[.fff][+zz:zz|Z] host ident…"
    if (line.size() > 20 && p[4] == '-' && p[7] == '-' && p[10] == 'T' && p[13] == ':') {
        const char *q = p + 19;
        while (q < end && *q != ' ')
            ++q;
        return q < end ? hostBeforeIdent(q + 1, end) : QByteArrayView();
    }
    // A shell prompt: "user@host:path# command" or "[user@host path]$ command", after the
    // "(env) " a conda or virtualenv environment puts in front.
    if (*p == '(') {
        const char *close = p + 1;
        while (close < end && close - p < 64 && *close != ')' && *close != ' ')
            ++close;
        if (close + 1 < end && *close == ')' && close[1] == ' ')
            p = close + 2;
    }
    const char *q = p + (p < end && *p == '[' ? 1 : 0);
    const char *user = q;
    while (q < end && (isHostChar(*q)) && *q != '.')
        ++q;
    if (q > user && q < end && *q == '@') {
        const char *h = ++q;
        while (q < end && isHostChar(*q))
            ++q;
        if (q > h && q < end && (*q == ':' || *q == ' ')) {
            const char *r = q;
            while (r < end && r - q < 256 && *r != '#' && *r != '$')
                ++r;
            if (r + 1 < end && r[1] == ' ')
                return QByteArrayView(h, q - h);
        }
    }
    return {};
}

} // namespace rankscope::ingest
