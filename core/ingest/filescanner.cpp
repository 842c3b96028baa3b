// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "filescanner.h"

#include <cstring>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

// Removes ANSI escape sequences (CSI "ESC [ … letter" and two-byte escapes) for matching; the
// file itself is left as it is, so the log view can still colour it.
void stripAnsi(QByteArrayView in, QByteArray &out)
{
    out.resize(0);
    out.reserve(in.size());
    const char *p = in.data();
    const char *end = p + in.size();
    while (p < end) {
        if (*p == '\x1b') {
            ++p;
            if (p < end && *p == '[') {
                ++p;
                while (p < end && !((*p >= '@' && *p <= '~')))
                    ++p;
                if (p < end)
                    ++p;
            } else if (p < end) {
                ++p;
            }
            continue;
        }
        out.append(*p++);
    }
}

} // namespace

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
    const char *p = block.data();
    const char *end = p + block.size();
    while (p < end) {
        const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        const char *stop = nl ? nl : end;
        if (!m_carrying && nl) {
            // Fast path: the whole line is inside this block.
            processLine(QByteArrayView(p, nl - p), m_lineStart);
        } else {
            const qsizetype room = MaxScannedLine - m_carry.size();
            const qsizetype take = std::min<qsizetype>(room, stop - p);
            if (take > 0)
                m_carry.append(p, take);
            if (stop - p > take)
                m_carryOverlong = true;
            m_carrying = true;
            if (nl) {
                if (m_carryOverlong)
                    m_scan.overlong = true;
                processLine(QByteArrayView(m_carry), m_lineStart);
                m_carry.resize(0);
                m_carrying = false;
                m_carryOverlong = false;
            }
        }
        m_offset += (stop - p) + (nl ? 1 : 0);
        if (nl)
            m_lineStart = m_offset;
        p = nl ? nl + 1 : end;
    }
}

FileScan FileScanner::finish()
{
    if (m_carrying || !m_carry.isEmpty()) {
        // The last line has no newline: a truncated write (a process killed mid-line) or a file
        // copied while it was being written. It is kept and indexed like any other line.
        if (m_carryOverlong)
            m_scan.overlong = true;
        m_scan.endsWithoutNewline = true;
        processLine(QByteArrayView(m_carry), m_lineStart);
        m_carry.clear();
        m_carrying = false;
    }
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
        m_scan.overlong = true;
    }
    if (!line.isEmpty() && line.back() == '\r') {
        line.chop(1);
        m_scan.crlf = true;
    }
    // memchr, not QByteArrayView::contains: Qt 6.4 tests one byte at a time, on every line.
    if (!line.isEmpty() && std::memchr(line.data(), '\x1b', size_t(line.size()))) {
        m_scan.ansi = true;
        stripAnsi(line, m_stripped);
        line = QByteArrayView(m_stripped);
    }

    // Sampled lines: a timestamp for inferring the times of lines without one, and rank/host
    // claims for attributing the file.
    if (checkpoint || rel < 16) {
        const LinePrefix prefix = LinePrefix::parse(line);
        const QByteArrayView content = line.sliced(prefix.contentOffset);
        ParsedTime t = prefix.outerTime.isValid() ? prefix.outerTime : TimestampParser::parse(content);
        if (t.isValid())
            m_scan.times.append({lineNo, t});
        const int claimed = prefix.globalRank >= 0 ? prefix.globalRank : prefix.mpiRank;
        if (claimed >= 0)
            ++m_scan.rankClaims[claimed];
        const NcclPrefix nccl = NcclPrefix::parse(content);
        if (nccl.valid) {
            ++m_scan.hostClaims[nccl.host.toByteArray()];
            ++m_scan.ncclProcs[nccl.host.toByteArray() + ':' + QByteArray::number(nccl.pid)];
        }
    }

    m_anchorHits.clear();
    if (m_matcher.prefilter(line, m_anchorHits))
        processCandidate(line, m_anchorHits);
}

void FileScanner::processCandidate(QByteArrayView line, const QList<int> &anchors)
{
    const qint64 lineNo = m_lineNo - 1;
    const LinePrefix prefix = LinePrefix::parse(line);
    const QByteArrayView content = line.sliced(prefix.contentOffset);
    const QString text = QString::fromUtf8(content);
    m_matcher.match(text, anchors, m_hits);
    if (m_hits.isEmpty())
        return;

    const NcclPrefix nccl = NcclPrefix::parse(content);
    ParsedTime t = prefix.outerTime.isValid() ? prefix.outerTime : TimestampParser::parse(content);
    const int prefixRank = prefix.globalRank >= 0 ? prefix.globalRank
                           : prefix.slurmTask >= 0 ? prefix.slurmTask
                                                   : prefix.mpiRank;
    const int pgRank = pgRankInMessage(content);
    QString shown = QString::fromUtf8(line.first(std::min<qsizetype>(line.size(), m_config.maxEventTextBytes)));

    bool fingerprintTaken = false;
    for (const EventMatcher::Hit &hit : std::as_const(m_hits)) {
        FileScan::RawEvent raw;
        raw.time = t;
        raw.prefixRank = prefixRank;
        raw.pgRank = pgRank;
        if (nccl.valid) {
            raw.ncclHost = nccl.host.toByteArray();
            raw.ncclPid = nccl.pid;
        }
        Event &ev = raw.event;
        ev.source.line = lineNo;
        ev.localRank = prefix.localRank;
        ev.text = shown;
        const QStringList names = m_matcher.captureNames(hit.fingerprint);
        for (const QString &name : names) {
            if (name.isEmpty())
                continue;
            const QString value = hit.match.captured(name);
            if (!value.isNull())
                ev.captures.append({name, value});
        }
        if (hit.fingerprint >= 0) {
            // One line is one event: the best fingerprint wins, the others only name the same
            // line again (the analysis can still ask the encyclopedia for all candidates).
            if (fingerprintTaken)
                continue;
            fingerprintTaken = true;
            ev.kind = Event::Kind::Fingerprint;
            ev.fingerprint = hit.fingerprint;
        } else {
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
            } else if (builtin == EventMatcher::AgentGroupRank) {
                m_scan.agentGroupRank = ev.capture(u"group_rank"_s).toInt();
                continue;
            } else if (builtin == EventMatcher::AgentProcsPerNode) {
                m_scan.agentProcsPerNode = ev.capture(u"nproc"_s).toInt();
                continue;
            } else if (builtin == EventMatcher::LauncherRank) {
                m_scan.launcherRanks.append({ev.capture(u"rank"_s).toInt(), ev.capture(u"local_rank"_s).toInt(), lineNo});
                continue; // attribution only
            } else {
                ev.kind = Event::Kind::NcclInitComplete;
                if (nccl.valid) {
                    FileScan::NcclInit init;
                    init.host = raw.ncclHost;
                    init.pid = nccl.pid;
                    init.rank = ev.capture(u"rank"_s).toInt();
                    init.nranks = ev.capture(u"nranks"_s).toInt();
                    init.line = lineNo;
                    m_scan.inits.append(init);
                }
                if (builtin == EventMatcher::CommRanks)
                    continue; // attribution only; "Init COMPLETE" is the lifecycle marker
            }
        }
        m_scan.events.append(std::move(raw));
    }
}

} // namespace rankscope::ingest
