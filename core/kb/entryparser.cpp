// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "entryparser.h"

#include "knowledgebase.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace rankscope::kb {

namespace {

// Every line of a bundle meets every fingerprint whose anchor it holds: a pattern whose cost
// grows exponentially with the line ("(a+)+$", "(a|aa)+$") would stall the ingest. Runs the
// regex on runs of each character it names, alone and after the anchor, that fail at their end; a
// probe slower than 10 ms (a sound pattern takes microseconds) is one that backtracks. Returns
// what was slow.
QString backtrackingProbe(const QRegularExpression &re, const QString &anchor)
{
    QString chars;
    for (const QChar c : re.pattern()) {
        if ((c.isLetterOrNumber() || c == u' ' || c == u'.' || c == u'-') && !chars.contains(c) && chars.size() < 48)
            chars.append(c);
    }
    QStringList subjects;
    for (const QChar c : std::as_const(chars)) {
        // Forty characters are enough: an exponential pattern then costs ~10^12 steps and hits
        // PCRE2's match limit (tens of ms), a sound one takes microseconds. Longer lines would
        // also flag patterns that are merely quadratic (".*a.*b"), which real lines never hurt.
        subjects.append(QString(40, c) + u'\x01');
        subjects.append(anchor + u' ' + QString(40, c) + u'\x01'); // the part after the anchor
    }
    for (const QString &subject : std::as_const(subjects)) {
        // The fastest of three runs: a busy machine can stall one, never all three by 10 ms.
        qint64 fastest = std::numeric_limits<qint64>::max();
        for (int run = 0; run < 3 && fastest > 10; ++run) {
            QElapsedTimer t;
            t.start();
            const bool matched = re.match(subject).hasMatch();
            Q_UNUSED(matched);
            fastest = std::min(fastest, t.elapsed());
        }
        if (fastest > 10)
            return u"%1 ms on a line of %2 characters"_s.arg(fastest).arg(subject.size());
    }
    return {};
}


// The sections of the README, in their required order.
enum SectionId {
    Symptoms,
    Mechanism,
    RootCauses,
    Affected,
    Confirm,
    Fix,
    Verification,
    Prevention,
    LookUpstream,
    CollectNext,
    Fingerprints,
    Conditions,
    Examples,
    References,
    SectionCount
};

const QStringList &sectionNames()
{
    static const QStringList names = { u"Symptoms"_s, u"Mechanism"_s, u"Root causes"_s, u"Affected systems"_s,
        u"How to confirm"_s, u"Fix"_s, u"Verification"_s, u"Prevention"_s, u"Look upstream"_s, u"Collect next"_s, u"Fingerprints"_s,
        u"Inventory conditions"_s, u"Examples"_s, u"References"_s };
    return names;
}

const QStringList &knownComponents()
{
    static const QStringList list = { u"nccl"_s, u"cuda"_s, u"driver"_s, u"torch"_s, u"python"_s, u"transport"_s,
        u"net_plugin"_s, u"hca"_s, u"gpu"_s, u"image"_s, u"gdr"_s };
    return list;
}

const QStringList &codeLanguages()
{
    static const QStringList list = { u"bash"_s, u"python"_s, u"yaml"_s };
    return list;
}

struct Line
{
    int number = 0;
    QString text;
};

struct Section
{
    int id = -1;
    int headingLine = 0;
    QList<Line> lines;
};

bool isBlank(const QString &s)
{
    return s.trimmed().isEmpty();
}

bool hasContent(const Section &s)
{
    return std::any_of(s.lines.cbegin(), s.lines.cend(), [](const Line &l) { return !isBlank(l.text); });
}

bool isIndented(const QString &s)
{
    return !s.isEmpty() && (s.front() == u' ' || s.front() == u'\t');
}

qsizetype indentOf(const QString &s)
{
    qsizetype i = 0;
    while (i < s.size() && (s.at(i) == u' ' || s.at(i) == u'\t'))
        ++i;
    return i;
}

bool isFenceOpen(const QString &s)
{
    return s.trimmed().startsWith(u"```"_s);
}

bool isFenceClose(const QString &s)
{
    return s.trimmed() == u"```"_s;
}

// Removes up to `indent` leading blanks: code indented under a list item keeps its own layout.
QString dedent(const QString &s, qsizetype indent)
{
    qsizetype i = 0;
    while (i < indent && i < s.size() && (s.at(i) == u' ' || s.at(i) == u'\t'))
        ++i;
    return s.mid(i);
}

// Position of the first " — " or " -- " outside `code spans`, or -1; *width receives its length.
qsizetype findSeparator(QStringView text, qsizetype *width)
{
    qsizetype openRun = 0; // length of the backtick run that opened the current code span
    for (qsizetype i = 0; i < text.size();) {
        if (text.at(i) == u'`') {
            qsizetype run = 0;
            while (i + run < text.size() && text.at(i + run) == u'`')
                ++run;
            if (openRun == 0)
                openRun = run;
            else if (run == openRun)
                openRun = 0;
            i += run;
            continue;
        }
        if (openRun == 0) {
            const QStringView rest = text.mid(i);
            if (rest.startsWith(u" \u2014 ")) {
                *width = 3;
                return i;
            }
            if (rest.startsWith(u" -- ")) {
                *width = 4;
                return i;
            }
        }
        ++i;
    }
    return -1;
}

bool isEnvironmentName(const QString &s)
{
    static const QRegularExpression re(u"^[A-Z][A-Z0-9_]*$"_s);
    return re.match(s).hasMatch();
}

class Parser
{
public:
    explicit Parser(const QString &path)
        : m_path(path)
    { }

    EntryParser::Result run(const QByteArray &bytes);

private:
    void warn(int line, const QString &message)
    {
        m_result.warnings.append({ Warning::Kind::Entry, m_path, line, message });
    }
    void splitLines(const QByteArray &bytes);
    bool parseHeader();
    bool splitSections();
    void checkSectionPresence();
    struct Item
    {
        int line = 0;
        QString text;
    };
    QList<Item> bullets(const Section &s, bool checklist);
    template<typename StepT> QList<StepT> steps(const Section &s, bool verification, QList<int> *stepLines);
    void parseSymptoms(const Section &s);
    void parseFingerprints(const Section &s);
    void parseConditions(const Section &s);
    void parseHints(const Section &s);
    void parseExamples(const Section &s);
    void parseReferences(const Section &s);
    void checkExamples();

    QString m_path;
    QList<QString> m_lines; // index 0 is line 1
    int m_bodyStart = 0; // index of the first line after the header
    int m_headerEnd = 0; // 1-based line of the closing ---
    QList<Section> m_sections;
    Section *m_byId[SectionCount] = {};
    EntryParser::Result m_result;
    Entry m_entry;
    bool m_idValid = false;
    QList<QRegularExpression> m_regexes; // parallel to m_entry.fingerprints
};

void Parser::splitLines(const QByteArray &bytes)
{
    QByteArray data = bytes;
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3);
    const QList<QByteArray> raw = data.split('\n');
    m_lines.reserve(raw.size());
    int number = 0;
    for (QByteArray line : raw) {
        ++number;
        if (line.endsWith('\r'))
            line.chop(1);
        QStringDecoder decoder(QStringDecoder::Utf8);
        QString text = decoder.decode(line);
        if (decoder.hasError())
            warn(number, u"invalid UTF-8"_s);
        if (line.contains('\0'))
            warn(number, u"NUL byte in an entry file"_s);
        m_lines.append(text);
    }
    // A trailing newline is not an extra line.
    if (!m_lines.isEmpty() && m_lines.last().isEmpty() && bytes.endsWith('\n'))
        m_lines.removeLast();
}

bool Parser::parseHeader()
{
    if (m_lines.isEmpty() || m_lines.first() != u"---"_s) {
        warn(1, u"an entry starts with a '---' line that opens its header"_s);
        return false;
    }
    static const QRegularExpression keyRe(u"^([a-z]+(?:-[a-z]+)*):(?: (.*))?$"_s);
    static const QStringList known = { u"id"_s, u"title"_s, u"category"_s, u"role"_s, u"tags"_s, u"summary"_s,
        u"related"_s, u"precedence"_s, u"external"_s, u"consequence-of"_s, u"yields-to"_s, u"outlier-scope"_s };
    QHash<QString, QString> values;
    QSet<QString> seen;
    int i = 1;
    for (; i < m_lines.size() && m_lines.at(i) != u"---"_s; ++i) {
        const int number = i + 1;
        const QString &line = m_lines.at(i);
        const auto m = keyRe.match(line);
        if (!m.hasMatch()) {
            warn(number,
                isBlank(line) ? u"blank line inside the header"_s
                              : u"header lines are 'key: value' with a lower-case key"_s);
            continue;
        }
        const QString key = m.captured(1);
        const QString value = m.captured(2).trimmed();
        if (!known.contains(key)) {
            warn(number, u"unknown header key '%1' (known: %2)"_s.arg(key, known.join(u", "_s)));
            continue;
        }
        if (seen.contains(key)) {
            warn(number, u"header key '%1' appears twice"_s.arg(key));
            continue;
        }
        seen.insert(key);
        if (value.isEmpty()) {
            warn(number, u"header key '%1' has no value"_s.arg(key));
            continue;
        }
        values.insert(key, value);
        m_entry.headerLines.insert(key, number);
    }
    if (i >= m_lines.size()) {
        warn(1, u"the header opened on this line is never closed with '---'"_s);
        return false;
    }
    m_headerEnd = i + 1;
    m_bodyStart = i + 1;

    for (const QString &key : { u"id"_s, u"title"_s, u"category"_s, u"role"_s, u"summary"_s }) {
        if (!seen.contains(key))
            warn(m_headerEnd, u"missing header key '%1'"_s.arg(key));
    }
    auto lineOf = [this](const QString &key) { return m_entry.headerLines.value(key, m_headerEnd); };

    if (values.contains(u"id"_s)) {
        m_entry.id = values.value(u"id"_s);
        if (!isValidId(m_entry.id)) {
            warn(lineOf(u"id"_s), u"id '%1' is not a slug [a-z0-9]+(-[a-z0-9]+)*"_s.arg(m_entry.id));
        } else {
            m_idValid = true;
            if (!m_path.isEmpty()) {
                const QString fileName = QFileInfo(m_path).fileName();
                if (!fileName.endsWith(u".md"_s))
                    warn(0, u"entry files are named <id>.md"_s);
                else if (fileName.chopped(3) != m_entry.id)
                    warn(lineOf(u"id"_s), u"id '%1' does not match the file name '%2'"_s.arg(m_entry.id, fileName));
            }
        }
    }
    m_entry.title = values.value(u"title"_s);
    if (values.contains(u"category"_s)) {
        m_entry.category = values.value(u"category"_s);
        if (!categories().contains(m_entry.category)) {
            warn(lineOf(u"category"_s),
                u"unknown category '%1' (known: %2)"_s.arg(m_entry.category, categories().join(u", "_s)));
        }
    }
    if (values.contains(u"role"_s)) {
        if (const auto role = entryRoleFromString(values.value(u"role"_s)))
            m_entry.role = *role;
        else
            warn(lineOf(u"role"_s),
                u"unknown role '%1' (initiating, collateral or either)"_s.arg(values.value(u"role"_s)));
    }
    m_entry.summary = values.value(u"summary"_s);
    auto list = [&](const QString &key) {
        QStringList out;
        if (!values.contains(key))
            return out;
        const QStringList parts = values.value(key).split(u',');
        for (const QString &p : parts) {
            const QString item = p.trimmed();
            if (item.isEmpty())
                warn(lineOf(key), u"empty item in '%1'"_s.arg(key));
            else if (out.contains(item))
                warn(lineOf(key), u"'%1' is listed twice in '%2'"_s.arg(item, key));
            else
                out.append(item);
        }
        return out;
    };
    m_entry.tags = list(u"tags"_s);
    m_entry.related = list(u"related"_s);
    if (values.contains(u"precedence"_s)) {
        m_entry.precedence = values.value(u"precedence"_s);
        if (!precedenceClasses().contains(m_entry.precedence))
            warn(lineOf(u"precedence"_s), u"unknown precedence '%1' (known: %2)"_s.arg(
                m_entry.precedence, precedenceClasses().join(u", "_s)));
    }
    if (values.contains(u"external"_s)) {
        const QString v = values.value(u"external"_s);
        if (v != u"true"_s && v != u"false"_s)
            warn(lineOf(u"external"_s), u"external is 'true' or 'false'"_s);
        m_entry.external = v == u"true"_s;
    }
    if (values.contains(u"outlier-scope"_s)) {
        const QString v = values.value(u"outlier-scope"_s);
        if (v != u"node"_s && v != u"job"_s)
            warn(lineOf(u"outlier-scope"_s), u"outlier-scope is 'node' or 'job'"_s);
        m_entry.outlierScope = v == u"job"_s ? Entry::OutlierScope::Job : Entry::OutlierScope::Node;
    }
    for (const QString &key : { u"consequence-of"_s, u"yields-to"_s }) {
        QStringList &target = key == u"yields-to"_s ? m_entry.yieldsTo : m_entry.consequenceOf;
        target = list(key);
        for (const QString &y : std::as_const(target)) {
            if (!isValidId(y))
                warn(lineOf(key), u"%1 item '%2' is neither an entry id nor a precedence class"_s.arg(key, y));
            else if (y == m_entry.id)
                warn(lineOf(key), u"an entry does not name itself in %1"_s.arg(key));
        }
    }
    for (const QString &r : std::as_const(m_entry.related)) {
        if (!isValidId(r))
            warn(lineOf(u"related"_s), u"related id '%1' is not a slug"_s.arg(r));
        else if (r == m_entry.id)
            warn(lineOf(u"related"_s), u"an entry does not list itself as related"_s);
    }
    return true;
}

// Cuts the body into sections. Headings inside code blocks are code (a bash comment "## x").
bool Parser::splitSections()
{
    bool inFence = false;
    int fenceLine = 0;
    Section *current = nullptr;
    for (int i = m_bodyStart; i < m_lines.size(); ++i) {
        const int number = i + 1;
        const QString &line = m_lines.at(i);
        if (!inFence && line.startsWith(u"## "_s)) {
            Section s;
            s.headingLine = number;
            s.id = int(sectionNames().indexOf(line.mid(3).trimmed()));
            m_sections.append(s);
            current = &m_sections.last();
            continue;
        }
        if (inFence ? isFenceClose(line) : isFenceOpen(line)) {
            inFence = !inFence;
            fenceLine = number;
        }
        if (current)
            current->lines.append({ number, line });
        else if (!isBlank(line))
            warn(number, u"text between the header and the first '## ' section"_s);
    }
    if (inFence) {
        warn(fenceLine, u"code block opened here is never closed with ```"_s);
        return false;
    }
    return true;
}

void Parser::checkSectionPresence()
{
    int last = -1;
    for (Section &s : m_sections) {
        if (s.id < 0) {
            const QString name = m_lines.at(s.headingLine - 1).mid(3).trimmed();
            warn(s.headingLine, u"unknown section '## %1' (known: %2)"_s.arg(name, sectionNames().join(u", "_s)));
            continue;
        }
        const QString &name = sectionNames().at(s.id);
        if (m_byId[s.id]) {
            warn(s.headingLine, u"section '## %1' appears twice"_s.arg(name));
            continue;
        }
        if (s.id < last) {
            warn(s.headingLine, u"section '## %1' must come before '## %2'"_s.arg(name, sectionNames().at(last)));
        }
        last = std::max(last, s.id);
        m_byId[s.id] = &s;
        if (!hasContent(s))
            warn(s.headingLine, u"section '## %1' is empty"_s.arg(name));
    }
    for (int id = 0; id < SectionCount; ++id) {
        const bool required
            = id == LookUpstream ? m_entry.role == EntryRole::Collateral : id != Conditions && id != CollectNext;
        if (!required || m_byId[id])
            continue;
        // Report where the section belongs: at the heading of the next section present after it.
        int line = int(m_lines.size());
        for (int next = id + 1; next < SectionCount; ++next) {
            if (m_byId[next]) {
                line = m_byId[next]->headingLine;
                break;
            }
        }
        if (id == LookUpstream)
            warn(line, u"missing section '## Look upstream' (required when role is collateral)"_s);
        else
            warn(line, u"missing section '## %1'"_s.arg(sectionNames().at(id)));
    }
}

QList<Parser::Item> Parser::bullets(const Section &s, bool checklist)
{
    const QString &name = sectionNames().at(s.id);
    const QString marker = checklist ? u"- [ ] "_s : u"- "_s;
    QList<Item> items;
    bool blankBefore = false;
    for (qsizetype i = 0; i < s.lines.size(); ++i) {
        const Line &l = s.lines.at(i);
        if (isBlank(l.text)) {
            blankBefore = true;
            continue;
        }
        if (isFenceOpen(l.text)) {
            warn(l.number, u"no code blocks in '## %1'"_s.arg(name));
            while (i + 1 < s.lines.size() && !isFenceClose(s.lines.at(i + 1).text))
                ++i;
            ++i;
            continue;
        }
        if (l.text.startsWith(marker)) {
            const QString text = l.text.mid(marker.size()).trimmed();
            if (text.isEmpty())
                warn(l.number, u"empty item"_s);
            items.append({ l.number, text });
        } else if (isIndented(l.text) && !items.isEmpty()) {
            items.last().text += (blankBefore ? u"\n\n"_s : u" "_s) + l.text.trimmed();
        } else if (checklist && l.text.startsWith(u"- "_s)) {
            warn(l.number, u"'## %1' is a checklist: items start with '- [ ] '"_s.arg(name));
        } else {
            warn(l.number, u"expected a bullet '- …' in '## %1'"_s.arg(name));
        }
        blankBefore = false;
    }
    return items;
}

template<typename StepT> QList<StepT> Parser::steps(const Section &s, bool verification, QList<int> *stepLines)
{
    static const QRegularExpression stepRe(u"^(\\d+)\\. (.*)$"_s);
    const QString &name = sectionNames().at(s.id);
    QList<StepT> out;
    bool blankBefore = false;
    bool afterCode = false;
    bool inExpected = false;
    for (qsizetype i = 0; i < s.lines.size(); ++i) {
        const Line &l = s.lines.at(i);
        if (isBlank(l.text)) {
            blankBefore = true;
            continue;
        }
        const auto m = stepRe.match(l.text);
        if (m.hasMatch()) {
            const int n = m.captured(1).toInt();
            if (n != out.size() + 1)
                warn(l.number, u"step numbered %1, expected %2"_s.arg(n).arg(out.size() + 1));
            StepT step;
            step.text = m.captured(2).trimmed();
            out.append(step);
            stepLines->append(l.number);
            afterCode = inExpected = blankBefore = false;
            continue;
        }
        if (isFenceOpen(l.text)) {
            const qsizetype indent = indentOf(l.text);
            const QString language = l.text.trimmed().mid(3).trimmed();
            QStringList code;
            while (i + 1 < s.lines.size() && !isFenceClose(s.lines.at(i + 1).text))
                code.append(dedent(s.lines.at(++i).text, indent));
            ++i; // the closing fence
            if (out.isEmpty()) {
                warn(l.number, u"code block before the first numbered step in '## %1'"_s.arg(name));
            } else if (!codeLanguages().contains(language)) {
                warn(l.number,
                    language.isEmpty() ? u"code block without a language (bash, python or yaml)"_s
                                       : u"code block language '%1' is not bash, python or yaml"_s.arg(language));
            } else if (std::all_of(code.cbegin(), code.cend(), isBlank)) {
                warn(l.number, u"empty code block"_s);
            } else {
                out.last().code.append({ language, code.join(u'\n') });
            }
            afterCode = true;
            inExpected = blankBefore = false;
            continue;
        }
        const QString text = l.text.trimmed();
        if constexpr (std::is_same_v<StepT, VerificationStep>) {
            if (verification && text.startsWith(u"Expected:"_s)) {
                if (out.isEmpty()) {
                    warn(l.number, u"'Expected:' line before the first numbered step"_s);
                } else if (!out.last().expected.isEmpty()) {
                    warn(l.number, u"a second 'Expected:' line for step %1"_s.arg(out.size()));
                } else {
                    out.last().expected = text.mid(9).trimmed();
                    if (out.last().expected.isEmpty())
                        warn(l.number, u"'Expected:' says nothing"_s);
                    inExpected = true;
                }
                blankBefore = false;
                continue;
            }
            if (inExpected && !blankBefore && isIndented(l.text)) {
                out.last().expected += u' ' + text;
                continue;
            }
        }
        if (isIndented(l.text) && !out.isEmpty()) {
            out.last().text += ((blankBefore || afterCode) ? u"\n\n"_s : u" "_s) + text;
            afterCode = blankBefore = false;
            continue;
        }
        warn(l.number, u"expected a numbered step 'N. …' in '## %1'"_s.arg(name));
        blankBefore = false;
    }
    return out;
}

void Parser::parseSymptoms(const Section &s)
{
    const QList<Item> items = bullets(s, false);
    for (const Item &item : items) {
        qsizetype width = 0;
        const qsizetype at = findSeparator(item.text, &width);
        if (at < 0) {
            warn(item.line,
                u"a symptom reads '- `what you see` \u2014 what it means': no ' \u2014 ' or ' -- ' "
                "outside code spans"_s);
            continue;
        }
        const QString text = item.text.left(at).trimmed();
        const QString meaning = item.text.mid(at + width).trimmed();
        if (text.isEmpty() || meaning.isEmpty()) {
            warn(item.line, u"a symptom needs both what you see and what it means"_s);
            continue;
        }
        m_entry.symptoms.append({ text, meaning });
    }
}

void Parser::parseFingerprints(const Section &s)
{
    static const QRegularExpression keyRe(u"^([a-z]+(?:-[a-z]+)*):(?: (.*))?$"_s);
    static const QStringList keys = { u"regex"_s, u"anchor"_s, u"weight"_s, u"role"_s, u"severity"_s, u"versions"_s,
        u"anchor-case"_s, u"partial"_s, u"suggests"_s, u"points-at"_s, u"recovers"_s };
    int blocks = 0;
    for (qsizetype i = 0; i < s.lines.size(); ++i) {
        const Line &open = s.lines.at(i);
        if (isBlank(open.text))
            continue;
        if (!isFenceOpen(open.text)) {
            warn(open.number, u"text outside a ```fingerprint block"_s);
            continue;
        }
        const bool isFingerprint = open.text.trimmed() == u"```fingerprint"_s;
        if (!isFingerprint)
            warn(open.number, u"'## Fingerprints' holds only ```fingerprint blocks"_s);
        QHash<QString, Line> values; // key -> value and its line
        while (i + 1 < s.lines.size() && !isFenceClose(s.lines.at(i + 1).text)) {
            const Line &l = s.lines.at(++i);
            if (!isFingerprint)
                continue;
            const auto m = keyRe.match(l.text);
            if (!m.hasMatch()) {
                warn(l.number, u"fingerprint lines are 'key: value'"_s);
                continue;
            }
            const QString key = m.captured(1);
            if (!keys.contains(key)) {
                warn(l.number, u"unknown fingerprint key '%1' (known: %2)"_s.arg(key, keys.join(u", "_s)));
                continue;
            }
            if (values.contains(key)) {
                warn(l.number, u"fingerprint key '%1' appears twice"_s.arg(key));
                continue;
            }
            // Values are verbatim: a trailing blank in an anchor or regex is significant.
            const QString value = m.captured(2);
            if (value.trimmed().isEmpty()) {
                warn(l.number, u"fingerprint key '%1' has no value"_s.arg(key));
                continue;
            }
            values.insert(key, { l.number, value });
        }
        ++i; // the closing fence
        if (!isFingerprint)
            continue;
        ++blocks;

        Fingerprint fp;
        fp.entryId = m_entry.id;
        fp.line = open.number;
        bool valid = true;
        for (const QString &key : { u"regex"_s, u"anchor"_s, u"weight"_s, u"role"_s, u"severity"_s }) {
            if (!values.contains(key)) {
                warn(open.number, u"fingerprint without '%1:'"_s.arg(key));
                valid = false;
            }
        }
        QRegularExpression re;
        if (values.contains(u"regex"_s)) {
            const Line &v = values.value(u"regex"_s);
            fp.regex = v.text;
            re.setPattern(fp.regex);
            if (!re.isValid()) {
                warn(v.number,
                    u"regex does not compile: %1 at offset %2"_s.arg(re.errorString()).arg(re.patternErrorOffset()));
                valid = false;
            } else if (re.match(QString()).hasMatch()) {
                warn(v.number, u"regex matches an empty line"_s);
                valid = false;
            }
        }
        if (values.contains(u"anchor"_s)) {
            const Line &v = values.value(u"anchor"_s);
            fp.anchor = v.text;
            if (fp.anchor.size() < 4) {
                warn(v.number, u"anchor '%1' is shorter than 4 characters"_s.arg(fp.anchor));
                valid = false;
            }
        }
        if (values.contains(u"weight"_s)) {
            const Line &v = values.value(u"weight"_s);
            bool ok = false;
            fp.weight = v.text.trimmed().toDouble(&ok);
            if (!ok || !std::isfinite(fp.weight)) {
                warn(v.number, u"weight '%1' is not a number"_s.arg(v.text));
                valid = false;
            } else if (fp.weight < 0.05 || fp.weight > 1.0) {
                warn(v.number, u"weight %1 is outside 0.05–1.0"_s.arg(v.text.trimmed()));
                valid = false;
            }
        }
        if (values.contains(u"role"_s)) {
            const Line &v = values.value(u"role"_s);
            if (const auto role = fingerprintRoleFromString(v.text.trimmed())) {
                fp.role = *role;
            } else {
                warn(v.number, u"unknown fingerprint role '%1' (initiating, collateral or context)"_s.arg(v.text));
                valid = false;
            }
        }
        if (values.contains(u"severity"_s)) {
            const Line &v = values.value(u"severity"_s);
            if (const auto severity = severityFromString(v.text.trimmed())) {
                fp.severity = *severity;
            } else {
                warn(v.number, u"unknown severity '%1' (fatal, error, warning or info)"_s.arg(v.text));
                valid = false;
            }
        }
        fp.versions = values.value(u"versions"_s).text.trimmed();
        // A key with one of two words: the word it holds (the default when absent or wrong).
        const auto choice = [&](const QString &key, const QString &a, const QString &b, const QString &fallback) {
            if (!values.contains(key))
                return fallback;
            const Line &v = values.value(key);
            const QString c = v.text.trimmed();
            if (c != a && c != b) {
                warn(v.number, u"%1 is '%2' or '%3'"_s.arg(key, a, b));
                return fallback;
            }
            return c;
        };
        fp.caseless = choice(u"anchor-case"_s, u"sensitive"_s, u"insensitive"_s, u"sensitive"_s) == u"insensitive"_s;
        if (fp.caseless)
            re.setPatternOptions(re.patternOptions() | QRegularExpression::CaseInsensitiveOption);
        fp.partial = choice(u"partial"_s, u"yes"_s, u"no"_s, u"yes"_s) == u"yes"_s;
        fp.recovers = choice(u"recovers"_s, u"yes"_s, u"no"_s, u"no"_s) == u"yes"_s;
        if (fp.recovers && fp.role == FingerprintRole::Initiating)
            warn(values.value(u"recovers"_s).number, u"a recovery line is not an initiating one: give it role context"_s);
        if (values.contains(u"suggests"_s)) {
            const Line &v = values.value(u"suggests"_s);
            for (const QString &part : v.text.split(u',')) {
                const QString id = part.trimmed();
                if (!isValidId(id))
                    warn(v.number, u"suggests '%1' is not an entry id"_s.arg(id));
                else if (id == m_entry.id)
                    warn(v.number, u"a fingerprint does not suggest its own entry"_s);
                else if (!fp.suggests.contains(id))
                    fp.suggests.append(id);
            }
        }
        if (values.contains(u"points-at"_s)) {
            const Line &v = values.value(u"points-at"_s);
            fp.pointsAt = v.text.trimmed();
            if (!pointsAtKinds().contains(fp.pointsAt))
                warn(v.number, u"unknown points-at '%1' (known: %2)"_s.arg(fp.pointsAt, pointsAtKinds().join(u", "_s)));
            else if (fp.pointsAt == u"peer-quorum"_s) {
                if (!re.namedCaptureGroups().contains(u"peer_ip"_s) && !re.namedCaptureGroups().contains(u"peer"_s))
                    warn(v.number, u"points-at 'peer-quorum' needs a capture group peer_ip or peer"_s);
            } else if (fp.pointsAt != u"absent-node"_s && fp.pointsAt != u"self"_s
                && !re.namedCaptureGroups().contains(fp.pointsAt == u"store"_s ? u"peer"_s : fp.pointsAt))
                warn(v.number, u"points-at '%1' names no capture group of the regex"_s.arg(fp.pointsAt));
        }
        if (valid) {
            if (const QString slow = backtrackingProbe(re, fp.anchor); !slow.isEmpty()) {
                warn(values.value(u"regex"_s).number,
                     u"regex backtracks catastrophically (%1): nest no quantifier inside another over the same characters"_s.arg(slow));
                valid = false;
            }
        }
        if (valid) {
            re.optimize();
            m_entry.fingerprints.append(fp);
            m_regexes.append(re);
        }
    }
    if (blocks == 0 && hasContent(s))
        warn(s.headingLine, u"no ```fingerprint block"_s);
}

// "- single-rank — add the other ranks' logs": the gap, the separator, what to collect.
void Parser::parseHints(const Section &s)
{
    for (const Item &item : bullets(s, false)) {
        qsizetype width = 0;
        const qsizetype at = findSeparator(item.text, &width);
        const QString gap = at < 0 ? QString() : item.text.left(at).trimmed();
        const QString text = at < 0 ? QString() : item.text.mid(at + width).trimmed();
        if (!hintGaps().contains(gap) || text.isEmpty()) {
            warn(item.line, u"a hint is '- <gap> \u2014 what to collect', gap one of %1"_s.arg(hintGaps().join(u", "_s)));
            continue;
        }
        m_entry.collectNext.append({ gap, text });
    }
}

void Parser::parseConditions(const Section &s)
{
    const QList<Item> items = bullets(s, false);
    for (const Item &item : items) {
        qsizetype width = 0;
        const qsizetype at = findSeparator(item.text, &width);
        const QString head = at < 0 ? item.text : item.text.left(at);
        const QString explanation = at < 0 ? QString() : item.text.mid(at + width).trimmed();
        const QStringList words = head.split(u' ', Qt::SkipEmptyParts);
        const auto kind = words.isEmpty() ? std::nullopt : conditionKindFromString(words.first());
        if (!kind) {
            warn(item.line,
                u"a condition is '- differs <component> \u2014 why' or '- equals <component> <value> \u2014 why'"_s);
            continue;
        }
        if (words.size() < 2 || (*kind == Condition::Kind::Differs && words.size() != 2)
            || (*kind == Condition::Kind::Equals && words.size() < 3)) {
            warn(item.line,
                *kind == Condition::Kind::Differs ? u"'differs' takes one component"_s
                                                  : u"'equals' takes a component and a value"_s);
            continue;
        }
        const QString component = words.at(1);
        if (!knownComponents().contains(component) && !isEnvironmentName(component)) {
            warn(item.line,
                u"unknown component '%1' (known: %2, or an environment variable name)"_s.arg(
                    component, knownComponents().join(u", "_s)));
            continue;
        }
        if (explanation.isEmpty()) {
            warn(item.line, u"a condition needs an explanation after ' \u2014 '"_s);
            continue;
        }
        m_entry.conditions.append({ *kind, component, words.mid(2).join(u' '), explanation });
    }
}

void Parser::parseExamples(const Section &s)
{
    int blocks = 0;
    for (qsizetype i = 0; i < s.lines.size(); ++i) {
        const Line &open = s.lines.at(i);
        if (isBlank(open.text))
            continue;
        if (!isFenceOpen(open.text)) {
            warn(open.number, u"text outside the ```log block"_s);
            continue;
        }
        const bool isLog = open.text.trimmed() == u"```log"_s;
        if (!isLog)
            warn(open.number, u"'## Examples' holds one ```log block"_s);
        else if (++blocks > 1)
            warn(open.number, u"'## Examples' holds only one ```log block"_s);
        const qsizetype indent = indentOf(open.text);
        while (i + 1 < s.lines.size() && !isFenceClose(s.lines.at(i + 1).text)) {
            const Line &l = s.lines.at(++i);
            if (isLog && !isBlank(l.text))
                m_entry.examples.append({ dedent(l.text, indent), l.number });
        }
        ++i;
    }
    if (m_entry.examples.isEmpty() && hasContent(s))
        warn(s.headingLine, u"no example log lines"_s);
}

void Parser::parseReferences(const Section &s)
{
    static const QRegularExpression sourceRe(u"https?://\\S+|[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]*[A-Za-z0-9_]"_s);
    const QList<Item> items = bullets(s, false);
    for (const Item &item : items) {
        if (!sourceRe.match(item.text).hasMatch())
            warn(item.line, u"a reference needs a URL or an upstream source path"_s);
        m_entry.references.append(item.text);
    }
}

void Parser::checkExamples()
{
    for (const Example &x : std::as_const(m_entry.examples)) {
        bool matched = false;
        for (qsizetype f = 0; f < m_entry.fingerprints.size(); ++f) {
            const auto m = m_regexes.at(f).match(x.text);
            if (!m.hasMatch())
                continue;
            matched = true;
            const Fingerprint &fp = m_entry.fingerprints.at(f);
            if (!m.capturedView(0).contains(fp.anchor, fp.caseless ? Qt::CaseInsensitive : Qt::CaseSensitive)) {
                warn(x.line,
                    u"the fingerprint at line %1 matches '%2', which does not contain its anchor '%3'"_s.arg(
                        QString::number(fp.line), m.captured(0), fp.anchor));
            }
        }
        if (!matched && !m_entry.fingerprints.isEmpty())
            warn(x.line, u"example line is not matched by any fingerprint of this entry"_s);
    }
}

EntryParser::Result Parser::run(const QByteArray &bytes)
{
    m_entry.sourcePath = m_path;
    splitLines(bytes);
    if (!parseHeader()) {
        return std::move(m_result);
    }
    if (!splitSections()) {
        return std::move(m_result);
    }
    checkSectionPresence();

    for (int id = 0; id < SectionCount; ++id) {
        const Section *s = m_byId[id];
        if (!s)
            continue;
        switch (id) {
        case Symptoms:
            parseSymptoms(*s);
            break;
        case Mechanism: {
            QStringList text;
            for (const Line &l : s->lines)
                text.append(l.text);
            m_entry.mechanism = text.join(u'\n').trimmed();
            break;
        }
        case RootCauses:
            for (const Item &i : bullets(*s, false))
                m_entry.rootCauses.append(i.text);
            break;
        case Affected:
            for (const Item &i : bullets(*s, false))
                m_entry.affected.append(i.text);
            break;
        case Confirm:
            for (const Item &i : bullets(*s, true))
                m_entry.confirm.append(i.text);
            break;
        case Fix: {
            QList<int> lines;
            m_entry.fix = steps<Step>(*s, false, &lines);
            if (m_entry.fix.isEmpty() && hasContent(*s))
                warn(s->headingLine, u"no numbered step in '## Fix'"_s);
            break;
        }
        case Verification: {
            QList<int> lines;
            m_entry.verification = steps<VerificationStep>(*s, true, &lines);
            if (m_entry.verification.isEmpty() && hasContent(*s))
                warn(s->headingLine, u"no numbered step in '## Verification'"_s);
            for (qsizetype n = 0; n < m_entry.verification.size(); ++n) {
                if (m_entry.verification.at(n).code.isEmpty())
                    warn(lines.at(n), u"verification step %1 has no command block"_s.arg(n + 1));
                if (m_entry.verification.at(n).expected.isEmpty())
                    warn(lines.at(n), u"verification step %1 has no 'Expected:' line"_s.arg(n + 1));
            }
            break;
        }
        case Prevention:
            for (const Item &i : bullets(*s, false))
                m_entry.prevention.append(i.text);
            break;
        case LookUpstream:
            for (const Item &i : bullets(*s, false))
                m_entry.lookUpstream.append(i.text);
            break;
        case CollectNext:
            parseHints(*s);
            break;
        case Fingerprints:
            parseFingerprints(*s);
            break;
        case Conditions:
            parseConditions(*s);
            break;
        case Examples:
            parseExamples(*s);
            break;
        case References:
            parseReferences(*s);
            break;
        default:
            break;
        }
    }
    checkExamples();

    std::stable_sort(m_result.warnings.begin(), m_result.warnings.end(),
        [](const Warning &a, const Warning &b) { return a.line < b.line; });
    if (m_idValid)
        m_result.entry = std::move(m_entry);
    return std::move(m_result);
}

bool sameWeight(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

} // namespace

EntryParser::Result EntryParser::parse(const QByteArray &text, const QString &path)
{
    Parser parser(path);
    return parser.run(text);
}

EntryParser::Result EntryParser::parseFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        Result r;
        r.warnings.append({ Warning::Kind::Unreadable, path, 0, file.errorString() });
        return r;
    }
    return parse(file.readAll(), path);
}

Warnings EntryParser::validateSet(const QList<Entry> &entries)
{
    Warnings warnings;
    QHash<QString, const Entry *> byId;
    for (const Entry &e : entries) {
        if (const Entry *first = byId.value(e.id)) {
            warnings.append({ Warning::Kind::Entry, e.sourcePath, e.headerLines.value(u"id"_s),
                u"duplicate id '%1' (also in %2)"_s.arg(e.id, first->sourcePath) });
            continue;
        }
        byId.insert(e.id, &e);
    }
    for (const Entry &e : entries) {
        for (const QString &r : e.related) {
            if (!byId.contains(r)) {
                warnings.append({ Warning::Kind::Entry, e.sourcePath, e.headerLines.value(u"related"_s),
                    u"related id '%1' does not exist"_s.arg(r) });
            }
        }
    }

    for (const Entry &e : entries) {
        for (const QString &key : { u"consequence-of"_s, u"yields-to"_s }) {
            for (const QString &y : key == u"yields-to"_s ? e.yieldsTo : e.consequenceOf) {
                if (!byId.contains(y) && !precedenceClasses().contains(y)) {
                    warnings.append({ Warning::Kind::Entry, e.sourcePath, e.headerLines.value(key),
                        u"%1 '%2' is neither an entry id nor a precedence class"_s.arg(key, y) });
                }
            }
        }
        for (const Fingerprint &fp : e.fingerprints) {
            for (const QString &id : fp.suggests) {
                if (!byId.contains(id))
                    warnings.append({ Warning::Kind::Entry, e.sourcePath, fp.line,
                        u"suggested entry '%1' does not exist"_s.arg(id) });
            }
        }
    }

    // Anchors must be inside every match, also on other entries' examples: the scanner
    // would otherwise classify a line differently from what the regex alone suggests.
    for (const Entry &e : entries) {
        for (const Fingerprint &fp : e.fingerprints) {
            const QRegularExpression re(fp.regex, fp.caseless ? QRegularExpression::CaseInsensitiveOption
                                                              : QRegularExpression::NoPatternOption);
            if (!re.isValid())
                continue;
            for (const Entry &other : entries) {
                if (&other == &e)
                    continue; // the parser checked an entry's own examples
                for (const Example &x : other.examples) {
                    const auto m = re.match(x.text);
                    if (m.hasMatch()
                        && !m.capturedView(0).contains(fp.anchor, fp.caseless ? Qt::CaseInsensitive : Qt::CaseSensitive)) {
                        warnings.append({ Warning::Kind::Entry, e.sourcePath, fp.line,
                            u"this fingerprint matches '%1' (example at %2:%3), which does not contain its anchor '%4'"_s
                                .arg(m.captured(0), other.sourcePath, QString::number(x.line), fp.anchor) });
                    }
                }
            }
        }
    }

    const auto kb = KnowledgeBase::fromEntries(entries);
    for (const Entry &e : entries) {
        if (e.role != EntryRole::Initiating || byId.value(e.id) != &e)
            continue;
        for (const Example &x : e.examples) {
            const QList<FingerprintMatch> ranked = kb->classify(x.text);
            auto own = std::find_if(
                ranked.cbegin(), ranked.cend(), [&e](const FingerprintMatch &m) { return m.entryId == e.id; });
            if (own == ranked.cend() || own == ranked.cbegin())
                continue; // unmatched examples are the parser's to report
            const FingerprintMatch &top = ranked.first();
            const Entry *topEntry = kb->entry(top.entryId);
            const bool tied
                = sameWeight(top.weight, own->weight) && topEntry && roleRank(topEntry->role) == roleRank(e.role);
            if (tied)
                continue;
            const Fingerprint &topFp = kb->fingerprints().at(top.fingerprint);
            warnings.append({ Warning::Kind::Entry, e.sourcePath, x.line,
                u"example of an initiating entry is outranked by '%1' (fingerprint at %2:%3, weight %4 "
                "against this entry's best %5)"_s.arg(top.entryId, topEntry ? topEntry->sourcePath : QString(),
                    QString::number(topFp.line), QString::number(top.weight), QString::number(own->weight)) });
        }
    }
    return warnings;
}

} // namespace rankscope::kb
