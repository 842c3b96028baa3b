// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `rankscope kb`: browse, search and validate the failure encyclopedia from a terminal.
#include "entryparser.h"
#include "knowledgebase.h"
#include "placeholders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {

// An entry shown on its own: its placeholders read as their examples.
QString ex(const QString &text) { return analysis::Placeholders::withExamples(text); }

using kb::Entry;
using kb::KnowledgeBase;

const QString usage = u"Usage: rankscope kb list [--format text|json|markdown]\n"
                      "       rankscope kb show ID [--format text|json|markdown]\n"
                      "       rankscope kb search TEXT... [--limit N] [--format text|json|markdown]\n"
                      "       rankscope kb validate FILE...\n"
                      "\n"
                      "Browse, search and validate the failure encyclopedia. Entries in\n"
                      "%1 overlay the built-in ones (same id: yours wins).\n"
                      "validate checks entry files and prints 'path:line: message' for every problem.\n"
                      "The database is %2 (set RANKSCOPE_ENCYCLOPEDIA to use another).\n"_s;

enum class Format { Text, Json, Markdown };

struct Options
{
    QString action;
    QStringList positional;
    Format format = Format::Text;
    int limit = 10;
    bool help = false;
    QString error; // bad usage when non-empty
};

Options parseOptions(const QStringList &args)
{
    Options o;
    auto setFormat = [&o](const QString &value) {
        if (value == u"text"_s)
            o.format = Format::Text;
        else if (value == u"json"_s)
            o.format = Format::Json;
        else if (value == u"markdown"_s || value == u"md"_s)
            o.format = Format::Markdown;
        else
            o.error = u"unknown format '%1' (text, json or markdown)"_s.arg(value);
    };
    for (qsizetype i = 0; i < args.size() && o.error.isEmpty(); ++i) {
        const QString &a = args.at(i);
        if (a == u"-h"_s || a == u"--help"_s) {
            o.help = true;
        } else if (a == u"--format"_s || a == u"--limit"_s) {
            if (i + 1 >= args.size()) {
                o.error = a + u" needs a value"_s;
                break;
            }
            const QString value = args.at(++i);
            if (a == u"--format"_s) {
                setFormat(value);
            } else {
                bool ok = false;
                o.limit = value.toInt(&ok);
                if (!ok || o.limit <= 0)
                    o.error = u"--limit takes a positive number"_s;
            }
        } else if (a.startsWith(u"--format="_s)) {
            setFormat(a.mid(9));
        } else if (a == u"--"_s) {
            o.positional += args.mid(i + 1);
            break;
        } else if (a.startsWith(u'-') && a.size() > 1) {
            o.error = u"unknown option '%1'"_s.arg(a);
        } else if (o.action.isEmpty()) {
            o.action = a;
        } else {
            o.positional.append(a);
        }
    }
    return o;
}

int verificationCommands(const Entry &e)
{
    int n = 0;
    for (const kb::VerificationStep &s : e.verification)
        n += int(s.code.size());
    return n;
}

QString indent(const QString &text, int spaces)
{
    const QString pad(spaces, u' ');
    QStringList lines = text.split(u'\n');
    for (QString &l : lines) {
        if (!l.isEmpty())
            l.prepend(pad);
    }
    return lines.join(u'\n');
}

QString markdownCell(QString s)
{
    return s.replace(u'|', u"\\|"_s).replace(u'\n', u' ');
}

// ---- list -----------------------------------------------------------------------------------

void printList(const KnowledgeBase &base, Format format, QTextStream &out)
{
    const QList<Entry> &entries = base.entries();
    if (format == Format::Json) {
        QJsonArray array;
        for (const Entry &e : entries) {
            array.append(QJsonObject { { u"id"_s, e.id }, { u"title"_s, e.title }, { u"category"_s, e.category },
                { u"role"_s, kb::toString(e.role) }, { u"fingerprints"_s, int(e.fingerprints.size()) },
                { u"fixSteps"_s, int(e.fix.size()) }, { u"verificationCommands"_s, verificationCommands(e) },
                { u"userOverride"_s, e.userOverride } });
        }
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return;
    }
    if (format == Format::Markdown) {
        out << u"| id | title | category | role | fingerprints | fix steps | verification commands |\n"
               "|---|---|---|---|---:|---:|---:|\n"_s;
        for (const Entry &e : entries) {
            out << u"| `%1`%2 | %3 | %4 | %5 | %6 | %7 | %8 |\n"_s.arg(e.id, e.userOverride ? u" (user)"_s : QString(),
                markdownCell(e.title), e.category, kb::toString(e.role), QString::number(e.fingerprints.size()),
                QString::number(e.fix.size()), QString::number(verificationCommands(e)));
        }
        return;
    }
    qsizetype width = 2;
    for (const Entry &e : entries)
        width = std::max(width, e.id.size() + (e.userOverride ? 7 : 0));
    for (const Entry &e : entries) {
        const QString id = e.userOverride ? e.id + u" (user)"_s : e.id;
        out << id.leftJustified(width + 2) << e.category.leftJustified(15) << kb::toString(e.role).leftJustified(12)
            << e.title << u'\n';
    }
    out << u"%1 entries\n"_s.arg(entries.size());
}

// ---- show -----------------------------------------------------------------------------------

QString conditionText(const kb::Condition &c)
{
    return kb::toString(c.kind) + u' ' + c.component + (c.value.isEmpty() ? QString() : u' ' + c.value);
}

void printMarkdown(const KnowledgeBase &base, const Entry &e, QTextStream &out)
{
    out << u"# "_s << e.title << u"\n\n"_s;
    out << u"`%1` · %2 · usually %3"_s.arg(e.id, e.category, kb::toString(e.role));
    if (!e.tags.isEmpty())
        out << u" · tags: "_s << e.tags.join(u", "_s);
    out << u"\n\n"_s;
    if (e.userOverride)
        out << u"> User entry (%1) replacing the built-in one.\n\n"_s.arg(e.sourcePath);
    out << e.summary << u"\n\n"_s;

    auto bullets = [&out](const QString &title, const QStringList &items, const QString &marker = u"- "_s) {
        if (items.isEmpty())
            return;
        out << u"## "_s << title << u"\n\n"_s;
        for (const QString &i : items)
            out << marker << i << u'\n';
        out << u'\n';
    };
    auto code = [&out](const QList<kb::CodeBlock> &blocks) {
        for (const kb::CodeBlock &c : blocks)
            out << u"   ```"_s << c.language << u'\n' << indent(ex(c.code), 3) << u"\n   ```\n"_s;
    };

    out << u"## Symptoms\n\n"_s;
    for (const kb::Symptom &s : e.symptoms)
        out << u"- "_s << s.text << u" \u2014 "_s << s.meaning << u'\n';
    out << u"\n## Mechanism\n\n"_s << e.mechanism << u"\n\n"_s;
    bullets(u"Root causes"_s, e.rootCauses);
    bullets(u"Affected systems"_s, e.affected);
    bullets(u"How to confirm"_s, e.confirm, u"- [ ] "_s);
    out << u"## Fix\n\n"_s;
    for (qsizetype i = 0; i < e.fix.size(); ++i) {
        out << i + 1 << u". "_s << indent(ex(e.fix.at(i).text), 3).mid(3) << u'\n';
        code(e.fix.at(i).code);
    }
    out << u"\n## Verification\n\n"_s;
    for (qsizetype i = 0; i < e.verification.size(); ++i) {
        const kb::VerificationStep &s = e.verification.at(i);
        out << i + 1 << u". "_s << indent(ex(s.text), 3).mid(3) << u'\n';
        code(s.code);
        out << u"   Expected: "_s << ex(s.expected) << u'\n';
    }
    out << u'\n';
    bullets(u"Prevention"_s, e.prevention);
    bullets(u"Look upstream"_s, e.lookUpstream);
    if (!e.conditions.isEmpty()) {
        QStringList items;
        for (const kb::Condition &c : e.conditions)
            items.append(conditionText(c) + u" \u2014 "_s + c.explanation);
        bullets(u"Inventory conditions"_s, items);
    }
    out << u"## Fingerprints\n\n| weight | role | severity | anchor | regex |\n|---:|---|---|---|---|\n"_s;
    for (const kb::Fingerprint &f : e.fingerprints) {
        out << u"| %1 | %2 | %3 | `%4` | `%5` |\n"_s.arg(QString::number(f.weight), kb::toString(f.role),
            kb::toString(f.severity), markdownCell(f.anchor), markdownCell(f.regex));
    }
    out << u"\n## Examples\n\n```log\n"_s;
    for (const kb::Example &x : e.examples)
        out << x.text << u'\n';
    out << u"```\n\n"_s;
    QStringList related;
    for (const QString &r : e.related) {
        const Entry *other = base.entry(r);
        related.append(other ? u"`%1` (%2)"_s.arg(r, other->title) : u"`%1`"_s.arg(r));
    }
    bullets(u"Related"_s, related);
    bullets(u"References"_s, e.references);
}

void printText(const KnowledgeBase &base, const Entry &e, QTextStream &out)
{
    out << e.id << u" \u2014 "_s << e.title << u'\n';
    out << u"category: %1   role: usually %2"_s.arg(e.category, kb::toString(e.role));
    if (!e.tags.isEmpty())
        out << u"   tags: "_s << e.tags.join(u", "_s);
    out << u'\n';
    if (e.userOverride)
        out << u"user entry: "_s << e.sourcePath << u'\n';
    out << u'\n' << e.summary << u"\n\n"_s;

    auto heading = [&out](const QString &title) { out << title.toUpper() << u'\n'; };
    auto bullets = [&](const QString &title, const QStringList &items) {
        if (items.isEmpty())
            return;
        heading(title);
        for (const QString &i : items)
            out << u"  - "_s << indent(i, 4).mid(4) << u'\n';
        out << u'\n';
    };
    heading(u"Symptoms"_s);
    for (const kb::Symptom &s : e.symptoms)
        out << u"  - "_s << s.text << u"\n    "_s << s.meaning << u'\n';
    out << u'\n';
    heading(u"Mechanism"_s);
    out << indent(e.mechanism, 2) << u"\n\n"_s;
    bullets(u"Root causes"_s, e.rootCauses);
    bullets(u"Affected systems"_s, e.affected);
    bullets(u"How to confirm"_s, e.confirm);
    heading(u"Fix"_s);
    for (qsizetype i = 0; i < e.fix.size(); ++i) {
        out << u"  "_s << i + 1 << u". "_s << indent(ex(e.fix.at(i).text), 5).mid(5) << u'\n';
        for (const kb::CodeBlock &c : e.fix.at(i).code)
            out << indent(ex(c.code), 7) << u'\n';
    }
    out << u'\n';
    heading(u"Verification"_s);
    for (qsizetype i = 0; i < e.verification.size(); ++i) {
        const kb::VerificationStep &s = e.verification.at(i);
        out << u"  "_s << i + 1 << u". "_s << indent(ex(s.text), 5).mid(5) << u'\n';
        for (const kb::CodeBlock &c : s.code)
            out << indent(ex(c.code), 7) << u'\n';
        out << u"     Expected: "_s << ex(s.expected) << u'\n';
    }
    out << u'\n';
    bullets(u"Prevention"_s, e.prevention);
    bullets(u"Look upstream"_s, e.lookUpstream);
    QStringList conditions;
    for (const kb::Condition &c : e.conditions)
        conditions.append(conditionText(c) + u": "_s + c.explanation);
    bullets(u"Inventory conditions"_s, conditions);
    QStringList fingerprints;
    for (const kb::Fingerprint &f : e.fingerprints) {
        fingerprints.append(
            u"[%1 %2 %3] %4"_s.arg(QString::number(f.weight), kb::toString(f.role), kb::toString(f.severity), f.regex));
    }
    bullets(u"Fingerprints"_s, fingerprints);
    QStringList related;
    for (const QString &r : e.related) {
        const Entry *other = base.entry(r);
        related.append(other ? r + u" (" + other->title + u')' : r);
    }
    bullets(u"Related"_s, related);
    bullets(u"References"_s, e.references);
}

// ---- search ---------------------------------------------------------------------------------

void printSearch(
    const KnowledgeBase &base, const QString &text, const QList<kb::SearchHit> &hits, Format format, QTextStream &out)
{
    if (format == Format::Json) {
        QJsonArray array;
        for (const kb::SearchHit &h : hits) {
            const Entry *e = base.entry(h.entryId);
            array.append(QJsonObject { { u"id"_s, h.entryId }, { u"title"_s, e ? e->title : QString() },
                { u"category"_s, e ? e->category : QString() }, { u"role"_s, e ? kb::toString(e->role) : QString() },
                { u"score"_s, h.score }, { u"snippet"_s, h.snippet } });
        }
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return;
    }
    if (hits.isEmpty()) {
        out << u"No entry matches '%1'.\n"_s.arg(text);
        return;
    }
    for (qsizetype i = 0; i < hits.size(); ++i) {
        const kb::SearchHit &h = hits.at(i);
        const Entry *e = base.entry(h.entryId);
        const QString title = e ? e->title : QString();
        const QString snippet = QString(h.snippet).replace(u'\n', u' ');
        if (format == Format::Markdown)
            out << i + 1 << u". **`"_s << h.entryId << u"`** \u2014 "_s << title << u"  \n   "_s << snippet << u'\n';
        else
            out << i + 1 << u". "_s << h.entryId << u" \u2014 "_s << title << u"\n   "_s << snippet << u'\n';
    }
}

// ---- validate -------------------------------------------------------------------------------

int validate(const QStringList &files, QTextStream &out, QTextStream &err)
{
    Warnings problems;
    QList<Entry> checked;
    QSet<QString> paths;
    for (const QString &f : files) {
        kb::EntryParser::Result r = kb::EntryParser::parseFile(f);
        problems += r.warnings;
        paths.insert(f);
        if (r.entry)
            checked.append(std::move(*r.entry));
    }
    // Cross-entry rules against the encyclopedia the files would join (related ids, ranking): the
    // built-in entries and the user's other entries. Problems of those other user files are not
    // this command's business; a missing database is worth a note (related ids cannot be checked).
    Warnings loadWarnings;
    const QString dbPath = KnowledgeBase::defaultDatabasePath();
    const auto base = KnowledgeBase::open(dbPath, KnowledgeBase::defaultUserDir(), &loadWarnings);
    for (const Warning &w : std::as_const(loadWarnings)) {
        if (w.path == dbPath)
            err << u"rankscope kb: note: "_s << w.toString() << u'\n';
    }
    QSet<QString> checkedIds;
    for (const Entry &e : std::as_const(checked))
        checkedIds.insert(e.id);
    QList<Entry> all;
    for (const Entry &e : base->entries()) {
        if (!checkedIds.contains(e.id))
            all.append(e);
    }
    all += checked;
    const Warnings cross = kb::EntryParser::validateSet(all);
    for (const Warning &w : cross) {
        if (paths.contains(w.path))
            problems.append(w);
    }
    std::stable_sort(problems.begin(), problems.end(), [&files](const Warning &a, const Warning &b) {
        const qsizetype fa = files.indexOf(a.path), fb = files.indexOf(b.path);
        return fa != fb ? fa < fb : a.line < b.line;
    });
    for (const Warning &w : std::as_const(problems))
        out << w.toString() << u'\n';
    if (!problems.isEmpty()) {
        err << u"rankscope kb: %1 problem(s) in %2 file(s)\n"_s.arg(problems.size()).arg(files.size());
        return 1;
    }
    out << u"%1 entry file(s) valid\n"_s.arg(files.size());
    return 0;
}

} // namespace

int runKbCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const Options o = parseOptions(args);
    const QString help = usage.arg(KnowledgeBase::defaultUserDir(), KnowledgeBase::defaultDatabasePath());
    if (o.help) {
        out << help;
        return 0;
    }
    auto usageError = [&err, &help](const QString &message) {
        err << u"rankscope kb: "_s << message << u"\n\n"_s << help;
        return 2;
    };
    if (!o.error.isEmpty())
        return usageError(o.error);
    static const QStringList actions = { u"list"_s, u"show"_s, u"search"_s, u"validate"_s };
    if (o.action.isEmpty())
        return usageError(u"missing action"_s);
    if (!actions.contains(o.action))
        return usageError(u"unknown action '%1'"_s.arg(o.action));

    if (o.action == u"validate"_s) {
        if (o.positional.isEmpty())
            return usageError(u"validate needs at least one FILE"_s);
        if (o.format != Format::Text)
            return usageError(u"validate prints text only"_s);
        return validate(o.positional, out, err);
    }
    if (o.action == u"list"_s && !o.positional.isEmpty())
        return usageError(u"list takes no arguments"_s);
    if (o.action == u"show"_s && o.positional.size() != 1)
        return usageError(u"show takes one entry id"_s);
    if (o.action == u"search"_s && o.positional.join(QString()).trimmed().isEmpty())
        return usageError(u"search needs TEXT"_s);

    Warnings warnings;
    const auto base
        = KnowledgeBase::open(KnowledgeBase::defaultDatabasePath(), KnowledgeBase::defaultUserDir(), &warnings);
    for (const Warning &w : std::as_const(warnings))
        err << u"rankscope kb: warning: "_s << w.toString() << u'\n';
    if (base->entries().isEmpty()) {
        err << u"rankscope kb: the encyclopedia is empty; no database at %1 and no user entries\n"_s.arg(
            KnowledgeBase::defaultDatabasePath());
        return 3;
    }

    if (o.action == u"list"_s) {
        printList(*base, o.format, out);
        return 0;
    }
    if (o.action == u"show"_s) {
        const Entry *e = base->entry(o.positional.first());
        if (!e) {
            err << u"rankscope kb: no entry '%1' (see 'rankscope kb list' or 'rankscope kb search')\n"_s.arg(
                o.positional.first());
            return 1;
        }
        if (o.format == Format::Json)
            out << QString::fromUtf8(QJsonDocument(kb::toJson(*e)).toJson(QJsonDocument::Indented));
        else if (o.format == Format::Markdown)
            printMarkdown(*base, *e, out);
        else
            printText(*base, *e, out);
        return 0;
    }
    const QString text = o.positional.join(u' ');
    printSearch(*base, text, base->search(text, o.limit), o.format, out);
    return 0;
}

} // namespace rankscope
