// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `rankscope history`: the local incident library — list, show (with what it shares with earlier
// incidents), stats (recurring culprits), forget, import (analyses made elsewhere).
#include "incidentlibrary.h"
#include "naturalorder.h"
#include "recurringculprits.h"
#include "seenbefore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QTextStream>
#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {

using history::IncidentLibrary;
using history::IncidentRecord;

const QString usage = u"Usage: rankscope history list [--entry ID] [--node NODE] [--days N] [--format text|json]\n"
                      "       rankscope history show ID [--format text|json]\n"
                      "       rankscope history stats [--days N] [--format text|json]\n"
                      "       rankscope history forget ID\n"
                      "       rankscope history import FILE|FOLDER...\n"
                      "Options: --library FILE   the incident library (default %1;\n"
                      "                          RANKSCOPE_HISTORY sets another)\n"
                      "\n"
                      "The incident library keeps every incident analysed with `rankscope analyze --record` or opened in\n"
                      "the window, on this machine only. import reads `rankscope analyze --format json` files (a FOLDER:\n"
                      "every *.json in it), so incidents analysed elsewhere join the library; the same bundle is kept once.\n"
                      "stats names the nodes, GPUs and component versions that started or marked more than one incident.\n"
                      "Exit codes: 0 done, 1 a library or file problem (nothing changed), 2 bad usage.\n"_s;

struct Options
{
    QString action;
    QStringList positional;
    bool json = false;
    QString library;
    QString entry;
    QString node;
    int days = 0;
    bool help = false;
    QString error;
};

Options parseOptions(const QStringList &args)
{
    Options o;
    for (qsizetype i = 0; i < args.size() && o.error.isEmpty(); ++i) {
        const QString &a = args.at(i);
        const QString name = a.section(u'=', 0, 0);
        auto value = [&](QString &into) {
            if (a.contains(u'=')) {
                into = a.section(u'=', 1);
            } else if (i + 1 < args.size()) {
                into = args.at(++i);
            } else {
                o.error = u"%1 needs a value"_s.arg(name);
                return false;
            }
            return true;
        };
        QString v;
        if (a == u"--help"_s || a == u"-h"_s) {
            o.help = true;
        } else if (name == u"--format"_s) {
            if (value(v)) {
                if (v == u"json"_s)
                    o.json = true;
                else if (v != u"text"_s)
                    o.error = u"unknown format '%1' (text or json)"_s.arg(v);
            }
        } else if (name == u"--library"_s) {
            value(o.library);
        } else if (name == u"--entry"_s) {
            value(o.entry);
        } else if (name == u"--node"_s) {
            value(o.node);
        } else if (name == u"--days"_s) {
            if (value(v)) {
                bool ok = false;
                o.days = v.toInt(&ok);
                if (!ok || o.days <= 0)
                    o.error = u"--days takes a positive number of days, not '%1'"_s.arg(v);
            }
        } else if (a.startsWith(u"--"_s)) {
            o.error = u"unknown option %1"_s.arg(a);
        } else if (o.action.isEmpty()) {
            o.action = a;
        } else {
            o.positional.append(a);
        }
    }
    return o;
}

QString dateTime(qint64 ms)
{
    return ms == history::NoTime ? u"—"_s : QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"yyyy-MM-dd hh:mm"_s);
}

QString orDash(const QString &s) { return s.isEmpty() ? u"—"_s : s; }

QString where(const IncidentRecord &r)
{
    QStringList parts;
    if (r.rank >= 0)
        parts << u"rank %1"_s.arg(r.rank);
    if (!r.node.isEmpty())
        parts << u"on "_s + r.node;
    if (!r.gpu.isEmpty())
        parts << u"(GPU "_s + r.gpu + u')';
    return parts.isEmpty() ? u"no single rank or node"_s : parts.join(u' ');
}

bool parseId(const Options &o, qint64 *id, QTextStream &err)
{
    if (o.positional.size() != 1) {
        err << u"rankscope history: %1 takes one incident id\n"_s.arg(o.action) << usage.arg(IncidentLibrary::defaultPath());
        return false;
    }
    bool ok = false;
    *id = o.positional.constFirst().toLongLong(&ok);
    if (!ok || *id <= 0) {
        err << u"rankscope history: '%1' is not an incident id (rankscope history list shows them)\n"_s.arg(o.positional.constFirst());
        return false;
    }
    return true;
}

void printTable(const QList<IncidentRecord> &incidents, QTextStream &out)
{
    QList<QStringList> rows{{u"ID"_s, u"WHEN (UTC)"_s, u"FAILURE"_s, u"NODE"_s, u"RANK"_s, u"JOB"_s, u"NODES"_s, u"RANKS"_s}};
    for (const IncidentRecord &r : incidents)
        rows.append({QString::number(r.id), dateTime(r.when()), orDash(r.entry) + (r.overridden ? u" (corrected)"_s : QString()),
                     orDash(r.node), r.rank >= 0 ? QString::number(r.rank) : u"—"_s, orDash(r.jobIds.join(u", "_s)),
                     QString::number(r.nodes.size()), QString::number(r.rankCount)});
    QList<qsizetype> widths(rows.constFirst().size(), 0);
    for (const QStringList &row : rows)
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row.at(c).size());
    for (const QStringList &row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += (c == 0 ? row.at(c).rightJustified(widths[c]) : row.at(c).leftJustified(widths[c])) + u"  "_s;
        out << line.trimmed() << u'\n';
    }
}

int list(const IncidentLibrary &library, const Options &o, QTextStream &out, QTextStream &err)
{
    QList<IncidentRecord> incidents;
    if (const auto r = library.list(&incidents, IncidentLibrary::Cells::Outliers); !r.ok) {
        err << u"rankscope history: "_s << r.message << u'\n';
        return 1;
    }
    const qint64 since = o.days > 0 ? QDateTime::currentMSecsSinceEpoch() - qint64(o.days) * 24 * 3600 * 1000 : 0;
    incidents.removeIf([&](const IncidentRecord &r) {
        return (!o.entry.isEmpty() && r.entry != o.entry) || (!o.node.isEmpty() && r.node != o.node && !r.nodes.contains(o.node))
            || (o.days > 0 && r.when() < since);
    });
    if (o.json) {
        QJsonArray array;
        for (IncidentRecord r : std::as_const(incidents)) {
            r.matrix.clear(); // `show` has the matrix; a list of hundreds stays readable
            array.append(r.toJson());
        }
        out << QString::fromUtf8(QJsonDocument(QJsonObject{{u"schema"_s, u"rankscope.history/1"_s}, {u"library"_s, library.path()},
                                                           {u"incidents"_s, array}}).toJson(QJsonDocument::Indented));
        return 0;
    }
    if (incidents.isEmpty()) {
        out << u"No incidents in %1%2.\nRecord one with `rankscope analyze --record BUNDLE` or `rankscope history import FILE.json`.\n"_s.arg(
            library.path(), o.entry.isEmpty() && o.node.isEmpty() && o.days == 0 ? QString() : u" that match"_s);
        return 0;
    }
    printTable(incidents, out);
    return 0;
}

int show(const IncidentLibrary &library, const Options &o, QTextStream &out, QTextStream &err)
{
    qint64 id = 0;
    if (!parseId(o, &id, err))
        return 2;
    IncidentRecord r;
    QList<IncidentRecord> all;
    for (const auto &result : {library.find(id, &r), library.list(&all, IncidentLibrary::Cells::Outliers)}) {
        if (!result.ok) {
            err << u"rankscope history: "_s << result.message << u'\n';
            return 1;
        }
    }
    const QList<history::SeenBefore> seen = history::SeenBefore::find(r, all);
    if (o.json) {
        QJsonObject json = r.toJson();
        QJsonArray seenJson;
        for (const history::SeenBefore &s : seen)
            seenJson.append(QJsonObject{{u"id"_s, s.incident.id}, {u"entry"_s, s.incident.entry}, {u"node"_s, s.incident.node},
                                        {u"when"_s, dateTime(s.incident.when())}, {u"reasons"_s, QJsonArray::fromStringList(s.reasons)}});
        json.insert(u"seen_before"_s, seenJson);
        out << QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented));
        return 0;
    }
    out << u"Incident %1: %2 (confidence %3%)%4\n"_s.arg(r.id).arg(orDash(r.entry)).arg(qRound(r.confidence * 100))
               .arg(r.overridden ? u", corrected by hand"_s : QString());
    if (!r.summary.isEmpty())
        out << u"  "_s << r.summary << u'\n';
    out << u"  started: "_s << where(r) << u" at "_s << dateTime(r.timeMs) << u" UTC\n"_s;
    if (!r.evidencePath.isEmpty())
        out << u"  evidence: %1:%2\n    %3\n"_s.arg(r.evidencePath).arg(r.evidenceLine).arg(r.evidenceText.left(300));
    out << u"  job: %1; %2 to %3 UTC; %4 nodes, %5 ranks%6\n"_s.arg(orDash(r.jobIds.join(u", "_s)), dateTime(r.firstMs), dateTime(r.lastMs))
               .arg(r.nodes.size()).arg(r.rankCount).arg(r.worldSize > 0 ? u" of world size %1"_s.arg(r.worldSize) : QString());
    out << u"  recorded %1 UTC from %2\n"_s.arg(dateTime(r.recordedMs), QString(r.origin).replace(u'\n', u", "_s));
    for (const history::MatrixValue &m : r.outliers())
        out << u"  outlier: %1 on %2 (most nodes: %3)\n"_s.arg(m.component + u' ' + m.value, m.node, m.majority);
    if (seen.isEmpty()) {
        out << u"\nNot seen before in this library.\n"_s;
        return 0;
    }
    out << u"\nSeen before:\n"_s;
    for (const history::SeenBefore &s : seen)
        out << u"  %1  %2  %3 %4: %5\n"_s.arg(QString::number(s.incident.id).rightJustified(4), dateTime(s.incident.when()),
                                              orDash(s.incident.entry), where(s.incident), s.reasons.join(u"; "_s));
    return 0;
}

int stats(const IncidentLibrary &library, const Options &o, QTextStream &out, QTextStream &err)
{
    QList<IncidentRecord> all;
    if (const auto r = library.list(&all, IncidentLibrary::Cells::Outliers); !r.ok) {
        err << u"rankscope history: "_s << r.message << u'\n';
        return 1;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QList<history::RecurringCulprit> culprits = history::RecurringCulprit::find(all, o.days, now);
    const qint64 since = o.days > 0 ? now - qint64(o.days) * 24 * 3600 * 1000 : std::numeric_limits<qint64>::min();
    QMap<QString, int> byEntry;
    qint64 first = history::NoTime, last = history::NoTime;
    int total = 0;
    for (const IncidentRecord &r : std::as_const(all)) {
        if (r.when() < since)
            continue;
        ++total;
        byEntry[r.entry.isEmpty() ? u"undecided"_s : r.entry] += 1;
        first = first == history::NoTime ? r.when() : std::min(first, r.when());
        last = std::max(last, r.when());
    }
    QList<QPair<QString, int>> entries(byEntry.keyValueBegin(), byEntry.keyValueEnd());
    std::stable_sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    if (o.json) {
        QJsonArray entryJson, culpritJson;
        for (const auto &[entry, n] : entries)
            entryJson.append(QJsonObject{{u"entry"_s, entry}, {u"incidents"_s, n}});
        static const char *const kinds[] = {"node", "gpu", "outlier"};
        for (const history::RecurringCulprit &c : culprits) {
            QJsonArray ids;
            for (qint64 id : c.incidents)
                ids.append(id);
            QJsonObject byEntryJson;
            for (auto it = c.entries.cbegin(); it != c.entries.cend(); ++it)
                byEntryJson.insert(it.key(), it.value());
            culpritJson.append(QJsonObject{{u"kind"_s, QString::fromLatin1(kinds[int(c.kind)])}, {u"subject"_s, c.subject},
                                           {u"incidents"_s, c.count}, {u"of"_s, c.total}, {u"ids"_s, ids},
                                           {u"entries"_s, byEntryJson}, {u"sentence"_s, c.sentence}});
        }
        out << QString::fromUtf8(QJsonDocument(QJsonObject{{u"schema"_s, u"rankscope.history-stats/1"_s}, {u"incidents"_s, total},
                                                           {u"days"_s, o.days > 0 ? QJsonValue(o.days) : QJsonValue()},
                                                           {u"by_entry"_s, entryJson}, {u"recurring"_s, culpritJson}})
                                     .toJson(QJsonDocument::Indented));
        return 0;
    }
    if (total == 0) {
        out << u"No incidents in %1%2.\n"_s.arg(library.path(), o.days > 0 ? u" in the last %1 days"_s.arg(o.days) : QString());
        return 0;
    }
    out << u"%1 incidents from %2 to %3 UTC\n\nBy failure:\n"_s.arg(total).arg(dateTime(first), dateTime(last));
    for (const auto &[entry, n] : entries)
        out << u"  %1  %2\n"_s.arg(QString::number(n).rightJustified(4), entry);
    out << u"\nRecurring culprits:\n"_s;
    if (culprits.isEmpty())
        out << u"  none: no node, GPU or component version is in more than one incident\n"_s;
    for (const history::RecurringCulprit &c : culprits)
        out << u"  "_s << c.sentence << u'\n';
    return 0;
}

int forget(const IncidentLibrary &library, const Options &o, QTextStream &out, QTextStream &err)
{
    qint64 id = 0;
    if (!parseId(o, &id, err))
        return 2;
    if (const auto r = library.forget(id); !r.ok) {
        err << u"rankscope history: "_s << r.message << u'\n';
        return 1;
    }
    out << u"Forgot incident %1.\n"_s.arg(id);
    return 0;
}

// "file.json:12:5: …" for JSON that does not parse: the offset as a line and column.
QString parseProblem(const QString &path, const QByteArray &bytes, const QJsonParseError &e)
{
    const QByteArray before = bytes.left(e.offset);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = e.offset - (before.lastIndexOf('\n') + 1) + 1;
    return u"%1:%2:%3: not valid JSON (%4)"_s.arg(path).arg(line).arg(column).arg(e.errorString());
}

int import(const IncidentLibrary &library, const Options &o, QTextStream &out, QTextStream &err)
{
    if (o.positional.isEmpty()) {
        err << u"rankscope history: import takes one or more analysis JSON files or folders\n"_s << usage.arg(IncidentLibrary::defaultPath());
        return 2;
    }
    QStringList files;
    QStringList problems;
    for (const QString &p : o.positional) {
        const QFileInfo info(p);
        if (info.isDir()) {
            QStringList found;
            for (const QFileInfo &f : QDir(p).entryInfoList({u"*.json"_s}, QDir::Files | QDir::Readable))
                found << f.filePath();
            std::sort(found.begin(), found.end(), NaturalLess());
            if (found.isEmpty())
                problems << u"%1: no *.json files in this folder"_s.arg(p);
            files << found;
        } else if (!info.exists()) {
            problems << u"%1: no such file"_s.arg(p);
        } else {
            files << p;
        }
    }
    // Everything is read and checked before anything is written: one bad file changes nothing.
    QList<IncidentRecord> incidents;
    for (const QString &path : std::as_const(files)) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            problems << u"%1: cannot be read: %2"_s.arg(path, f.errorString());
            continue;
        }
        // An analysis is kilobytes to a few megabytes (with --events); a larger file is not one.
        constexpr qint64 MaxBytes = qint64(512) << 20;
        if (f.size() > MaxBytes) {
            problems << u"%1: %2 MB is too large for an analysis file"_s.arg(path).arg(f.size() >> 20);
            continue;
        }
        const QByteArray bytes = f.readAll();
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
        if (error.error != QJsonParseError::NoError) {
            problems << parseProblem(path, bytes, error);
            continue;
        }
        QString problem;
        auto r = IncidentRecord::fromAnalysisJson(doc.object(), QFileInfo(path).absoluteFilePath(), &problem);
        if (!r)
            problems << u"%1: %2"_s.arg(path, problem);
        else
            incidents.append(*r);
    }
    if (!problems.isEmpty()) {
        for (const QString &p : std::as_const(problems))
            err << u"rankscope history: "_s << p << u'\n';
        err << u"rankscope history: nothing imported\n"_s;
        return 1;
    }
    int added = 0, updated = 0;
    for (IncidentRecord &r : incidents) {
        bool wasThere = false;
        if (const auto result = library.record(r, &wasThere); !result.ok) {
            err << u"rankscope history: "_s << result.message << u'\n';
            return 1;
        }
        ++(wasThere ? updated : added);
    }
    out << u"Imported %1 incidents into %2: %3 new, %4 already there (updated)\n"_s.arg(incidents.size()).arg(library.path()).arg(added).arg(updated);
    return 0;
}

} // namespace

int runHistoryCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const Options o = parseOptions(args);
    const QString help = usage.arg(IncidentLibrary::defaultPath());
    if (o.help) {
        out << help;
        return 0;
    }
    if (!o.error.isEmpty()) {
        err << u"rankscope history: "_s << o.error << u'\n' << help;
        return 2;
    }
    const IncidentLibrary library(o.library.isEmpty() ? IncidentLibrary::defaultPath() : o.library);
    if (o.action == u"list"_s)
        return o.positional.isEmpty() ? list(library, o, out, err) : (err << u"rankscope history: list takes no arguments\n"_s, 2);
    if (o.action == u"show"_s)
        return show(library, o, out, err);
    if (o.action == u"stats"_s)
        return o.positional.isEmpty() ? stats(library, o, out, err) : (err << u"rankscope history: stats takes no arguments\n"_s, 2);
    if (o.action == u"forget"_s)
        return forget(library, o, out, err);
    if (o.action == u"import"_s)
        return import(library, o, out, err);
    err << (o.action.isEmpty() ? u"rankscope history: no action given\n"_s : u"rankscope history: unknown action '%1'\n"_s.arg(o.action)) << help;
    return 2;
}

} // namespace rankscope
