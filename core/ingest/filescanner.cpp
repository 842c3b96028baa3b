// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "filescanner.h"

#include "ansicodes.h"
#include "bytesearch.h"

#include <cstring>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

// nccl-tests' device table names the host of each rank it runs:
// "#   Rank  0 Pid  48592 on zlabs-trainer device  0 [0x06] Tesla K80" (newer releases add
// "Group  0" after the rank).
QByteArrayView ncclTestsHost(QByteArrayView content)
{
    if (content.size() < 20 || content.front() != '#' || !content.contains(" Pid "))
        return {};
    static const QByteArrayView marker(" on ");
    const qsizetype rank = content.indexOf("Rank ");
    const qsizetype on = content.indexOf(marker);
    if (rank < 0 || on < rank)
        return {};
    const qsizetype start = on + marker.size();
    qsizetype end = start;
    while (end < content.size() && content[end] != ' ')
        ++end;
    if (end == start || !content.sliced(end).startsWith(" device "))
        return {};
    return content.sliced(start, end - start);
}

} // namespace

qsizetype FileScanner::detectWrapWidth(QByteArrayView head)
{
    // Hard wrapping leaves many lines of one exact width and none longer. Real log lines vary in
    // length; a width shared by a quarter of the long lines, with nothing longer, is a wrap.
    QHash<qsizetype, int> widths;
    int longLines = 0, longer = 0;
    qsizetype best = 0;
    int bestCount = 0;
    const char *p = head.data();
    const char *end = p + std::min<qsizetype>(head.size(), 256 << 10);
    while (p < end) {
        const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (!nl)
            break; // the last, possibly cut, line says nothing
        qsizetype n = nl - p;
        if (n > 0 && p[n - 1] == '\r')
            --n;
        if (n >= 60) {
            ++longLines;
            const int c = ++widths[n];
            if (c > bestCount || (c == bestCount && n > best)) {
                bestCount = c;
                best = n;
            }
        }
        p = nl + 1;
    }
    if (bestCount < 3 || bestCount * 4 < longLines)
        return 0;
    for (auto it = widths.cbegin(); it != widths.cend(); ++it) {
        if (it.key() > best)
            longer += it.value();
    }
    if (longer * 50 > longLines)
        return 0;
    // Records of one shape can share a length too (NCCL's init lines of eight ranks whose
    // numbers have the same digits). A wrap's next line goes on mid-message; a record's next
    // line starts the way the record did ("gpu-b08:41…", "[rank3]:[E…").
    int followedByRecord = 0;
    p = head.data();
    QByteArrayView previous;
    while (p < end) {
        const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (!nl)
            break;
        const QByteArrayView line(p, nl - p);
        if (previous.size() >= best && (previous.size() == best || (previous.size() == best + 1 && previous.back() == '\r'))
            && line.size() >= 4 && line.first(4) == previous.first(4)) {
            const LinePrefix prefix = LinePrefix::parse(line);
            const QByteArrayView content = line.sliced(prefix.contentOffset);
            if (prefix.contentOffset > 0 || NcclPrefix::parse(content).valid
                || TimestampParser::parse(content.first(std::min<qsizetype>(content.size(), 40))).isValid())
                ++followedByRecord;
        }
        previous = line;
        p = nl + 1;
    }
    return followedByRecord * 2 < bestCount ? best : 0;
}

bool FileScanner::detectBracketRanks(QByteArrayView head)
{
    // MPICH and Intel MPI label each line "[rank] "; a log viewer's copy labels it "[line] " and
    // a pasted NCCL line without its host:pid:tid keeps "[cudaDev] NCCL …". Ranks repeat and
    // may go down; line numbers only go up, one at a time; device indices precede NCCL's text.
    int nonEmpty = 0, labelled = 0, pairs = 0, nextLine = 0;
    qint64 previous = -1;
    const char *p = head.data();
    const char *end = p + std::min<qsizetype>(head.size(), 256 << 10);
    while (p < end) {
        const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (!nl)
            break;
        const QByteArrayView line(p, nl - p);
        p = nl + 1;
        if (line.trimmed().isEmpty())
            continue;
        ++nonEmpty;
        const QByteArrayView content = line.sliced(LinePrefix::parse(line).contentOffset);
        const char *q = content.data();
        const char *qend = q + content.size();
        if (q == qend || *q != '[')
            continue;
        ++q;
        const char *digits = q;
        qint64 n = 0;
        while (q < qend && *q >= '0' && *q <= '9' && q - digits < 8)
            n = n * 10 + (*q++ - '0');
        if (q == digits || q + 1 >= qend || *q != ']' || q[1] != ' ')
            continue;
        const QByteArrayView rest = content.sliced(q + 2 - content.data());
        const qsizetype nccl = findBytes(rest.first(std::min<qsizetype>(rest.size(), 120)), "NCCL ");
        if (nccl == 0 || (nccl > 0 && !containsBytes(rest.first(nccl - 1), " ")))
            continue; // "[3] NCCL INFO …", "[3] include/shm.h:28 NCCL WARN …"
        ++labelled;
        if (previous >= 0) {
            ++pairs;
            nextLine += n == previous + 1;
        }
        previous = n;
    }
    return labelled >= 2 && labelled * 2 >= nonEmpty && nextLine < pairs;
}

FileScanner::FileScanner(const EventMatcher &matcher, const IngestConfig &config, qint64 firstLine, qint64 firstOffset)
    : m_matcher(matcher)
    , m_config(config)
    , m_lineNo(firstLine)
    , m_offset(firstOffset)
    , m_firstOffset(firstOffset)
    , m_lineStart(firstOffset)
{
    m_scan.firstLine = firstLine;
}

void FileScanner::feed(QByteArrayView block)
{
    if (!m_wrapDecided) {
        m_wrapDecided = true;
        m_wrapWidth = m_scan.firstLine == 1 ? detectWrapWidth(block) : 0;
        m_bracketRanks = detectBracketRanks(block);
        m_scan.bracketRanks = m_bracketRanks;
    }
    m_breaks.split(block, [this](QByteArrayView content, qsizetype terminator, bool ends) {
        if (terminator == 2)
            m_scan.crlf = true;
        if (!m_carrying && ends) {
            // Fast path: the whole line is inside this block.
            processLine(content, m_lineStart);
        } else {
            const qsizetype room = MaxScannedLine - m_carry.size();
            const qsizetype take = std::min<qsizetype>(room, content.size());
            if (take > 0)
                m_carry.append(content.data(), take);
            if (content.size() > take)
                m_carryOverlong = true;
            m_carrying = true;
            if (ends) {
                if (m_carryOverlong)
                    markOverlong(m_lineNo);
                processLine(QByteArrayView(m_carry), m_lineStart);
                m_carry.resize(0);
                m_carrying = false;
                m_carryOverlong = false;
            }
        }
        m_offset += content.size() + terminator;
        if (ends)
            m_lineStart = m_offset;
    });
}

void FileScanner::markOverlong(qint64 lineNo)
{
    if (m_scan.overlongLines == 0)
        m_scan.firstOverlongLine = lineNo;
    ++m_scan.overlongLines;
}

FileScan FileScanner::finish()
{
    if (m_carrying || !m_carry.isEmpty()) {
        // The last line has no newline: a truncated write (a process killed mid-line) or a file
        // copied while it was being written. It is kept and indexed like any other line.
        if (m_carryOverlong)
            markOverlong(m_lineNo);
        m_scan.endsWithoutNewline = !m_breaks.crPending();
        processLine(QByteArrayView(m_carry), m_lineStart);
        m_carry.clear();
        m_carrying = false;
    }
    if (!m_wrapped.isEmpty()) {
        const QByteArray logical = std::exchange(m_wrapped, QByteArray());
        matchLine(logical, m_wrappedFirst, int(m_lineNo - 1 - m_wrappedFirst));
    }
    flushPending();
    for (FileScan::RawEvent &raw : m_lastSteps)
        m_scan.events.append(std::move(raw));
    m_lastSteps.clear();
    // Joined messages are emitted when their last line is read: back into line order.
    std::stable_sort(m_scan.events.begin(), m_scan.events.end(),
                     [](const FileScan::RawEvent &a, const FileScan::RawEvent &b) { return a.event.source.line < b.event.source.line; });
    m_scan.bytes = m_offset - m_firstOffset;
    return std::move(m_scan);
}

void FileScanner::processLine(QByteArrayView line, qint64 offset)
{
    const qint64 lineNo = m_lineNo++;
    ++m_scan.lines;
    const qint64 rel = lineNo - m_scan.firstLine;
    const bool checkpoint = rel % CheckpointStride == 0;
    if (checkpoint)
        m_scan.checkpoints.append({lineNo, offset});
    if (line.size() > MaxScannedLine) {
        line = line.first(MaxScannedLine);
        markOverlong(lineNo);
    }
    const qsizetype physicalLength = line.size();
    // memchr, not QByteArrayView::contains: Qt 6.4 tests one byte at a time, on every line.
    if (AnsiCodes::present(line)) {
        m_scan.ansi = true;
        AnsiCodes::strip(line, m_stripped);
        line = QByteArrayView(m_stripped);
    }
    if (PasteNormaliser::needed(line)) {
        PasteNormaliser::normalise(line, m_normalised);
        line = QByteArrayView(m_normalised);
    }

    // Sampled lines: a timestamp for inferring the times of lines without one, and rank/host
    // claims for attributing the file.
    // Every line of a file's head (small files whole: a 200-line driver log may stamp only a
    // handful of its lines), then every checkpoint's.
    if (checkpoint || rel < DenseSampledLines) {
        const LinePrefix prefix = LinePrefix::parse(line, m_bracketRanks);
        const QByteArrayView content = line.sliced(prefix.contentOffset);
        ParsedTime t = prefix.outerTime.isValid() ? prefix.outerTime : TimestampParser::parse(content);
        if (t.isValid())
            m_scan.times.append({lineNo, t});
        const int claimed = prefix.globalRank >= 0 ? prefix.globalRank : prefix.mpiRank;
        if (claimed >= 0)
            ++m_scan.rankClaims[claimed];
        m_scan.tasksAreAgents |= LineClaims::taskLabelsAnAgent(prefix);
        const NcclPrefix nccl = NcclPrefix::parse(content);
        if (nccl.valid) {
            ++m_scan.hostClaims[nccl.host.toByteArray()];
            ++m_scan.ncclProcs[nccl.host.toByteArray() + ':' + QByteArray::number(nccl.pid)];
        } else if (!prefix.pod.isEmpty() || LineClaims::plausibleHost(prefix.host)) {
            // kubectl logs --prefix "[pod/<pod>/<container>]" and pdsh's "host: " name the writer.
            ++m_scan.hostClaims[(prefix.pod.isEmpty() ? prefix.host : prefix.pod).toByteArray()];
        } else if (const QByteArrayView testsHost = ncclTestsHost(content); !testsHost.isEmpty()) {
            ++m_scan.hostClaims[testsHost.toByteArray()];
        } else if (const QByteArrayView host = hostOfLine(line); !host.isEmpty()) {
            ++m_scan.lineHostClaims[host.toByteArray()];
        }
    }

    if (m_wrapWidth > 0) {
        // A terminal or a paste hard-wrapped the file at a fixed width: physical lines of exactly
        // that width continue on the next one, and a message is matched as the line it was.
        const bool continues = physicalLength == m_wrapWidth;
        if (!m_wrapped.isEmpty() || continues) {
            if (m_wrapped.isEmpty())
                m_wrappedFirst = lineNo;
            if (m_wrapped.size() + line.size() <= MaxScannedLine)
                m_wrapped.append(line.data(), line.size());
            if (continues && lineNo - m_wrappedFirst + 1 < MaxWrappedLines)
                return;
            const QByteArray logical = std::exchange(m_wrapped, QByteArray());
            matchLine(logical, m_wrappedFirst, int(lineNo - m_wrappedFirst));
            return;
        }
    }
    matchLine(line, lineNo, 0);
}

void FileScanner::matchLine(QByteArrayView line, qint64 lineNo, int wrappedLines)
{
    if (m_pending.active)
        continuePending(line);
    m_anchorHits.clear();
    if (m_matcher.prefilter(line, m_anchorHits))
        processCandidate(line, lineNo, wrappedLines, m_anchorHits);
}

// A line of the same message: indented, or at least not the start of a record of its own (no
// timestamp or NCCL prefix of its own, not blank), and from the same writer.
bool FileScanner::continuesPending(const LinePrefix &prefix, QByteArrayView content) const
{
    if (content.trimmed().isEmpty())
        return false;
    if (prefix.globalRank != m_pending.prefixRank && m_pending.prefixRank >= 0)
        return false;
    if (content.front() == ' ' || content.front() == '\t')
        return true;
    if (prefix.outerTime.isValid() || NcclPrefix::parse(content).valid)
        return false;
    return !TimestampParser::parse(content.first(std::min<qsizetype>(content.size(), 40))).isValid();
}

void FileScanner::continuePending(QByteArrayView line)
{
    LinePrefix prefix = LinePrefix::parse(line, m_bracketRanks);
    QByteArrayView content = line.sliced(prefix.contentOffset);
    if (content.trimmed().isEmpty() && !line.trimmed().isEmpty()) {
        // The whole line looked like a launcher label ("[0]:" in torchelastic's table).
        prefix = LinePrefix();
        content = line;
    }
    if (!continuesPending(prefix, content) || m_pending.joined >= MaxJoinedLines
        || m_pending.text.size() >= m_config.maxEventTextBytes * 4) {
        flushPending();
        return;
    }
    m_pending.text += ' ';
    m_pending.text += content.trimmed().toByteArray();
    ++m_pending.joined;
    m_matcher.match(QString::fromUtf8(m_pending.text), m_pending.anchors, m_joinHits, false);
    for (const EventMatcher::Hit &hit : std::as_const(m_joinHits)) {
        if (hit.fingerprint < 0)
            continue;
        // The message, read whole, matches: one event on its first line, with the joined text.
        FileScan::RawEvent raw = m_pending.raw;
        raw.event.text = QString::fromUtf8(m_pending.text.first(std::min<qsizetype>(m_pending.text.size(), m_config.maxEventTextBytes)));
        raw.event.joinedLines = quint8(std::min(m_pending.joined + m_pending.raw.event.joinedLines, 255));
        setFingerprint(raw, hit);
        m_scan.events.append(std::move(raw));
        m_pending = Pending();
        return;
    }
}

void FileScanner::keepStep(FileScan::RawEvent &&raw)
{
    // A rank that logs every step for days writes millions of step lines; the analysis needs the
    // early ones, a thin spread chosen by step number (the same steps on every node, for the
    // clock offsets) and the last ones (where a rank stopped). Memory stays bounded per file.
    bool ok = false;
    const qint64 step = raw.event.capture(u"step"_s).toLongLong(&ok);
    const bool sampled = ok ? (step <= 256 || step % 64 == 0) : m_stepsSeen < 256;
    ++m_stepsSeen;
    if (sampled && m_stepsKept < MaxKeptSteps) {
        ++m_stepsKept;
        m_scan.events.append(std::move(raw));
        return;
    }
    m_lastSteps.push_back(std::move(raw));
    if (m_lastSteps.size() > LastSteps)
        m_lastSteps.pop_front(); // the line stays in the log view; only its event goes
}

void FileScanner::flushPending()
{
    if (m_pending.active && m_pending.partial.fingerprint >= 0) {
        FileScan::RawEvent raw = m_pending.raw;
        setFingerprint(raw, m_pending.partial);
        m_scan.events.append(std::move(raw));
    }
    m_pending = Pending();
}

void FileScanner::setFingerprint(FileScan::RawEvent &raw, const EventMatcher::Hit &hit) const
{
    Event &ev = raw.event;
    ev.kind = Event::Kind::Fingerprint;
    ev.fingerprint = hit.fingerprint;
    ev.partial = hit.partial;
    ev.captures.clear();
    if (!hit.partial)
        addCaptures(ev, hit);
}

void FileScanner::addCaptures(Event &ev, const EventMatcher::Hit &hit) const
{
    const QStringList names = m_matcher.captureNames(hit.fingerprint);
    for (const QString &name : names) {
        if (name.isEmpty())
            continue;
        const QString value = hit.match.captured(name);
        if (!value.isNull())
            ev.captures.append({name, value});
    }
}

void FileScanner::processCandidate(QByteArrayView line, qint64 lineNo, int wrappedLines, const QList<int> &anchors)
{
    const LinePrefix prefix = LinePrefix::parse(line, m_bracketRanks);
    const QByteArrayView content = line.sliced(prefix.contentOffset);
    const QString text = QString::fromUtf8(content);
    m_matcher.match(text, anchors, m_hits);
    const bool fingerprintAnchor = m_matcher.hasFingerprintAnchor(anchors);
    if (m_hits.isEmpty() && !fingerprintAnchor)
        return;

    ParsedTime t = prefix.outerTime.isValid() ? prefix.outerTime : TimestampParser::parse(content);
    // An event's own timestamp is a sample too: it is where the times matter.
    if (t.isValid() && wrappedLines == 0 && (m_scan.times.isEmpty() || m_scan.times.last().line < lineNo))
        m_scan.times.append({lineNo, t});
    FileScan::RawEvent base;
    base.time = t;
    base.claims = LineClaims::of(prefix, content);
    m_scan.tasksAreAgents |= base.claims.taskIsAgent;
    base.event.source.line = lineNo;
    base.event.localRank = prefix.localRank;
    base.event.joinedLines = quint8(std::min(wrappedLines, 255));
    base.event.text = QString::fromUtf8(line.first(std::min<qsizetype>(line.size(), m_config.maxEventTextBytes)));

    bool fingerprintTaken = false;
    const EventMatcher::Hit *partial = nullptr;
    for (const EventMatcher::Hit &hit : std::as_const(m_hits)) {
        if (hit.fingerprint >= 0) {
            // One line is one event: the best fingerprint wins, the others only name the same
            // line again (the analysis can still ask the encyclopedia for all candidates).
            if (fingerprintTaken)
                continue;
            if (hit.partial) {
                partial = &hit; // decided once the lines after it are known
                continue;
            }
            fingerprintTaken = true;
            FileScan::RawEvent raw = base;
            setFingerprint(raw, hit);
            m_scan.events.append(std::move(raw));
            continue;
        }
        FileScan::RawEvent raw = base;
        Event &ev = raw.event;
        addCaptures(ev, hit);
        const int builtin = -1 - hit.fingerprint;
        if (builtin >= EventMatcher::FirstFact) {
            ev.kind = Event::Kind::Fact;
            ev.captures.prepend({u"component"_s, EventMatcher::factPatterns().at(builtin - EventMatcher::FirstFact).component});
        } else if (builtin == EventMatcher::TrainingStep || builtin == EventMatcher::LossScaleOverflow) {
            ev.kind = Event::Kind::TrainingStep;
        } else if (builtin == EventMatcher::BootTime) {
            const QString epoch = ev.capture(u"epoch"_s);
            const QString stamp = !ev.capture(u"stamp"_s).isEmpty() ? ev.capture(u"stamp"_s) : ev.capture(u"iso"_s);
            if (!epoch.isEmpty()) {
                m_scan.bootTimeMs = epoch.toLongLong() * 1000;
            } else if (!stamp.isEmpty()) {
                QByteArray bootText = stamp.toUtf8();
                if (bootText.size() == 16)
                    bootText += ":00"; // who -b gives minutes only
                const ParsedTime boot = TimestampParser::parse(bootText);
                if (boot.kind == ParsedTime::Kind::Absolute)
                    m_scan.bootTimeMs = boot.ms;
            }
            continue;
        } else if (builtin == EventMatcher::SrunTaskNode) {
            FileScan::TaskNode tn{ev.capture(u"node"_s), {}, lineNo};
            for (const QString &part : ev.capture(u"tasks"_s).split(u',')) {
                const int from = part.section(u'-', 0, 0).toInt();
                const int to = part.contains(u'-') ? part.section(u'-', 1, 1).toInt() : from;
                for (int task = from; task <= to && task - from < 4096; ++task)
                    tn.tasks.append(task);
            }
            m_scan.taskNodes.append(tn);
            continue;
        } else if (builtin == EventMatcher::LauncherHost) {
            // As NCCL names hosts: up to the first dot (a fully qualified name from getfqdn()).
            QString host = ev.capture(u"host"_s);
            if (!host.isEmpty() && host.front().isLetter())
                host = host.section(u'.', 0, 0);
            if (!host.isEmpty())
                ++m_scan.hostClaims[host.toUtf8()];
            continue; // attribution only
        } else if (builtin == EventMatcher::RunStart || builtin == EventMatcher::RunEnd) {
            const qint64 boundary = builtin == EventMatcher::RunStart ? lineNo : lineNo + 1;
            if (m_scan.runBoundaries.isEmpty() || m_scan.runBoundaries.back() < boundary)
                m_scan.runBoundaries.append(boundary);
            if (builtin == EventMatcher::RunEnd && (m_scan.jobEnds.isEmpty() || m_scan.jobEnds.back() < boundary))
                m_scan.jobEnds.append(boundary);
            continue;
        } else if (builtin == EventMatcher::LogDirectory) {
            const QString dir = ev.capture(u"dir"_s).section(u'/', -1);
            if (!dir.isEmpty() && !m_scan.logDirs.contains(dir) && m_scan.logDirs.size() < 64)
                m_scan.logDirs.append(dir);
            continue;
        } else if (builtin == EventMatcher::SlurmVariable) {
            m_scan.slurmVariables.append({ev.capture(u"key"_s), ev.capture(u"value"_s), lineNo});
            continue;
        } else if (builtin == EventMatcher::AgentGroupRank || builtin == EventMatcher::AgentProcsPerNode
                   || builtin == EventMatcher::RayWorkerRank || builtin == EventMatcher::LauncherRank) {
            // Ranks and counts past any real job are a corrupt line: not an identity.
            auto plausible = [&ev](const QString &name) {
                const int v = ev.capture(name).toInt();
                return v >= 0 && v < MaxWorldSize ? v : -1;
            };
            if (builtin == EventMatcher::AgentGroupRank)
                m_scan.agentGroupRank = plausible(u"group_rank"_s);
            else if (builtin == EventMatcher::AgentProcsPerNode)
                m_scan.agentProcsPerNode = std::min(plausible(u"nproc"_s), 4096);
            else if (const int rank = plausible(u"rank"_s); rank >= 0 && builtin == EventMatcher::RayWorkerRank)
                m_scan.workerRanks.append({ev.capture(u"ip"_s).toUtf8(), ev.capture(u"pid"_s).toLongLong(), rank, -1, lineNo});
            else if (rank >= 0 && plausible(u"local_rank"_s) >= 0)
                m_scan.launcherRanks.append({rank, plausible(u"local_rank"_s), lineNo, raw.claims.writerHost});
            continue; // attribution only
        } else {
            ev.kind = Event::Kind::NcclInitComplete;
            if (raw.claims.ncclPrefix) {
                FileScan::NcclInit init;
                init.host = raw.claims.writerHost;
                init.pid = raw.claims.writerPid;
                init.rank = ev.capture(u"rank"_s).toInt();
                init.nranks = ev.capture(u"nranks"_s).toInt();
                init.line = lineNo;
                m_scan.inits.append(init);
            }
            if (builtin == EventMatcher::CommRanks)
                continue; // attribution only; "Init COMPLETE" is the lifecycle marker
        }
        if (ev.kind == Event::Kind::TrainingStep) {
            keepStep(std::move(raw));
            continue;
        }
        m_scan.events.append(std::move(raw));
    }
    if (!fingerprintTaken && fingerprintAnchor) {
        // A fingerprint's anchor without its whole match: the message may go on over the next
        // lines (a Python exception, a wrapped watchdog line, the torchelastic failure table).
        flushPending();
        m_pending.active = true;
        m_pending.raw = base;
        m_pending.text = content.trimmed().toByteArray();
        m_pending.anchors = anchors;
        m_pending.prefixRank = prefix.globalRank;
        if (partial)
            m_pending.partial = *partial;
    }
}

} // namespace rankscope::ingest
