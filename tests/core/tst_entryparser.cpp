// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "entryparser.h"
#include "knowledgebase.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::kb;

namespace {

const QString encyclopediaDir = QStringLiteral(RANKSCOPE_SOURCE_DIR "/resources/encyclopedia");
const QString fixtureDir = QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/kb");

// The ids are a contract with the simulator, the analysis and the tests (issue 4).
const QStringList requiredIds = { u"nccl-version-conflict"_s, u"nccl-watchdog-timeout"_s, u"collective-mismatch"_s,
    u"straggler-hang"_s, u"nccl-duplicate-gpu"_s, u"nccl-invalid-usage"_s, u"nccl-internal-error"_s,
    u"nccl-unhandled-cuda-error"_s, u"nccl-remote-error"_s, u"nccl-message-truncated"_s, u"nccl-communicator-aborted"_s,
    u"nccl-watchdog-stuck"_s, u"nccl-segfault"_s, u"nccl-alloc-failure"_s, u"nvls-multicast-failure"_s,
    u"fabric-manager-not-running"_s, u"nccl-shm-exhausted"_s, u"nccl-p2p-failure"_s, u"nccl-net-plugin-mismatch"_s,
    u"nccl-cumem-numa"_s, u"ib-completion-error"_s, u"ib-local-protection-error"_s, u"ib-qp-setup-failure"_s,
    u"ib-port-event"_s, u"ib-missing-socket-fallback"_s, u"gdr-disabled"_s, u"nccl-socket-bootstrap-failure"_s,
    u"peer-connection-lost"_s, u"gloo-connection-failure"_s, u"rendezvous-timeout"_s, u"store-unreachable"_s,
    u"store-wait-timeout"_s, u"port-in-use"_s, u"elastic-sibling-termination"_s, u"elastic-external-signal"_s,
    u"worker-sigkill"_s, u"rendezvous-closed"_s, u"cuda-oom"_s, u"host-oom-kill"_s, u"slurm-cgroup-oom"_s,
    u"k8s-oomkilled"_s, u"dataloader-shm-exhausted"_s, u"dataloader-worker-killed"_s, u"gpu-xid-fallen-off-bus"_s,
    u"gpu-xid-fault"_s, u"gpu-ecc-error"_s, u"nvlink-error"_s, u"pcie-aer-error"_s, u"cuda-illegal-memory-access"_s,
    u"cuda-device-side-assert"_s, u"fp16-loss-scale-collapse"_s, u"nan-loss"_s, u"ddp-unused-parameters"_s,
    u"filesystem-readonly"_s, u"checkpoint-corrupt"_s, u"checkpoint-disk-full"_s, u"driver-too-old"_s,
    u"no-kernel-image"_s, u"nccl-abi-mismatch"_s, u"mixed-software-versions"_s, u"slurm-time-limit"_s,
    u"slurm-node-failure"_s, u"preemption"_s, u"k8s-unschedulable"_s };

QStringList entryFiles()
{
    QStringList files = QDir(encyclopediaDir).entryList({ u"*.md"_s }, QDir::Files, QDir::Name);
    files.removeAll(u"README.md"_s);
    return files;
}

QString describe(const Warnings &warnings)
{
    QStringList lines;
    for (const Warning &w : warnings)
        lines.append(w.toString());
    return lines.join(u'\n');
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// 1-based number of the first line containing marker, or 0.
int lineOf(const QByteArray &text, const QByteArray &marker)
{
    const QList<QByteArray> lines = text.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).contains(marker))
            return int(i + 1);
    }
    return 0;
}

bool hasWarning(const Warnings &warnings, qint64 line, const QString &fragment)
{
    return std::any_of(warnings.cbegin(), warnings.cend(), [&](const Warning &w) {
        return w.line == line && w.message.contains(fragment) && w.kind == Warning::Kind::Entry;
    });
}

QList<Entry> parseAll()
{
    QList<Entry> entries;
    for (const QString &f : entryFiles()) {
        EntryParser::Result r = EntryParser::parseFile(encyclopediaDir + u'/' + f);
        if (r.entry)
            entries.append(*r.entry);
    }
    return entries;
}

// A minimal valid entry with a given id, role and one fingerprint; used for cross-entry rules.
QByteArray miniEntry(const QString &id, const QString &role, const QString &regex, const QString &anchor,
    const QString &weight, const QString &example, const QString &related = QString())
{
    QString text = u"---\nid: %1\ntitle: T %1\ncategory: network\nrole: %2\nsummary: S.\n"_s.arg(id, role);
    if (!related.isEmpty())
        text += u"related: "_s + related + u'\n';
    text += u"---\n\n## Symptoms\n\n- `x` \u2014 y\n\n## Mechanism\n\nM.\n\n## Root causes\n\n- R\n\n"
            "## Affected systems\n\n- A\n\n## How to confirm\n\n- [ ] C\n\n## Fix\n\n1. F\n\n"
            "## Verification\n\n1. V\n   ```bash\n   true\n   ```\n   Expected: E\n\n## Prevention\n\n- P\n\n"_s;
    if (role == u"collateral"_s)
        text += u"## Look upstream\n\n- U\n\n"_s;
    text += u"## Fingerprints\n\n```fingerprint\nregex: %1\nanchor: %2\nweight: %3\nrole: initiating\n"
            "severity: error\n```\n\n## Examples\n\n```log\n%4\n```\n\n## References\n\n- https://example.invalid/x\n"_s
                .arg(regex, anchor, weight, example);
    return text.toUtf8();
}

Entry miniParsed(const QString &id, const QString &role, const QString &regex, const QString &anchor,
    const QString &weight, const QString &example, const QString &related = QString())
{
    const EntryParser::Result r
        = EntryParser::parse(miniEntry(id, role, regex, anchor, weight, example, related), id + u".md"_s);
    if (!r.ok())
        qWarning("%s", qPrintable(describe(r.warnings)));
    return r.entry.value_or(Entry());
}

} // namespace

class TestEntryParser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void builtInEntry_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files = entryFiles();
        QVERIFY(files.size() >= 64);
        for (const QString &f : files)
            QTest::addRow("%s", qPrintable(f)) << f;
    }

    // Every built-in entry parses without a single warning and satisfies the content rules.
    void builtInEntry()
    {
        QFETCH(QString, file);
        const QString path = encyclopediaDir + u'/' + file;
        const EntryParser::Result r = EntryParser::parseFile(path);
        QVERIFY2(r.warnings.isEmpty(), qPrintable(describe(r.warnings)));
        QVERIFY(r.entry);
        const Entry &e = *r.entry;
        QCOMPARE(e.id + u".md"_s, file);
        QVERIFY(!e.title.isEmpty());
        QVERIFY(categories().contains(e.category));
        QVERIFY(!e.summary.isEmpty());
        QVERIFY(!e.symptoms.isEmpty());
        for (const Symptom &s : e.symptoms)
            QVERIFY(!s.text.isEmpty() && !s.meaning.isEmpty());
        QVERIFY(!e.mechanism.isEmpty());
        QVERIFY(!e.rootCauses.isEmpty());
        QVERIFY(!e.confirm.isEmpty());
        QVERIFY(!e.fix.isEmpty());
        QVERIFY(!e.verification.isEmpty());
        for (const VerificationStep &s : e.verification) {
            QVERIFY2(!s.code.isEmpty(), qPrintable(s.text));
            QVERIFY2(!s.expected.isEmpty(), qPrintable(s.text));
        }
        QVERIFY(!e.references.isEmpty());
        if (e.role == EntryRole::Collateral)
            QVERIFY(!e.lookUpstream.isEmpty());

        QVERIFY(!e.fingerprints.isEmpty());
        QList<QRegularExpression> regexes;
        for (const Fingerprint &f : e.fingerprints) {
            const QRegularExpression re(f.regex);
            QVERIFY2(re.isValid(), qPrintable(u"%1:%2: %3"_s.arg(file).arg(f.line).arg(re.errorString())));
            QVERIFY2(f.anchor.size() >= 4, qPrintable(f.anchor));
            QVERIFY(f.weight >= 0.05 && f.weight <= 1.0);
            QCOMPARE(f.entryId, e.id);
            regexes.append(re);
        }
        QVERIFY(!e.examples.isEmpty());
        for (const Example &x : e.examples) {
            bool matched = false;
            for (qsizetype i = 0; i < regexes.size(); ++i) {
                const auto m = regexes.at(i).match(x.text);
                if (!m.hasMatch())
                    continue;
                QVERIFY2(m.captured(0).contains(e.fingerprints.at(i).anchor),
                    qPrintable(u"%1:%2: anchor not in match"_s.arg(file).arg(x.line)));
                matched = true;
            }
            QVERIFY2(matched, qPrintable(u"%1:%2: %3"_s.arg(file).arg(x.line).arg(x.text)));
        }
    }

    void requiredIdsPresent()
    {
        QCOMPARE(requiredIds.size(), 64);
        QCOMPARE(QSet<QString>(requiredIds.cbegin(), requiredIds.cend()).size(), 64);
        const QList<Entry> entries = parseAll();
        QSet<QString> ids;
        for (const Entry &e : entries)
            ids.insert(e.id);
        for (const QString &id : requiredIds)
            QVERIFY2(ids.contains(id), qPrintable(id));
    }

    // Unique ids, related ids that exist, anchors inside every match, initiating examples not outranked.
    void builtInSetIsConsistent()
    {
        const QList<Entry> entries = parseAll();
        QCOMPARE(entries.size(), entryFiles().size());
        const Warnings w = EntryParser::validateSet(entries);
        QVERIFY2(w.isEmpty(), qPrintable(describe(w)));

        QSet<QString> ids;
        for (const Entry &e : entries) {
            QVERIFY2(!ids.contains(e.id), qPrintable(e.id));
            ids.insert(e.id);
        }
        for (const Entry &e : entries) {
            for (const QString &r : e.related)
                QVERIFY2(ids.contains(r), qPrintable(e.id + u" -> "_s + r));
        }
    }

    // The ranking rule checked directly on the classifier, independent of validateSet().
    void initiatingExamplesNotOutranked()
    {
        const QList<Entry> entries = parseAll();
        const auto kb = KnowledgeBase::fromEntries(entries);
        int checked = 0;
        for (const Entry &e : entries) {
            if (e.role != EntryRole::Initiating)
                continue;
            for (const Example &x : e.examples) {
                const QList<FingerprintMatch> ranked = kb->classify(x.text);
                QVERIFY2(!ranked.isEmpty(), qPrintable(x.text));
                const auto own = std::find_if(
                    ranked.cbegin(), ranked.cend(), [&](const FingerprintMatch &m) { return m.entryId == e.id; });
                QVERIFY2(own != ranked.cend(), qPrintable(x.text));
                const FingerprintMatch &top = ranked.first();
                const Entry *topEntry = kb->entry(top.entryId);
                QVERIFY(topEntry);
                const bool tied = qFuzzyCompare(top.weight, own->weight)
                    && roleRank(topEntry->role) == roleRank(EntryRole::Initiating);
                QVERIFY2(top.entryId == e.id || tied,
                    qPrintable(u"%1:%2 outranked by %3"_s.arg(e.sourcePath).arg(x.line).arg(top.entryId)));
                ++checked;
            }
        }
        QVERIFY(checked > 100);
    }

    void jsonRoundTrip()
    {
        const QList<Entry> entries = parseAll();
        QVERIFY(!entries.isEmpty());
        for (const Entry &e : entries) {
            const QByteArray json = QJsonDocument(toJson(e)).toJson(QJsonDocument::Compact);
            QString error;
            const auto back = entryFromJson(QJsonDocument::fromJson(json).object(), &error);
            QVERIFY2(back, qPrintable(error));
            QVERIFY2(*back == e, qPrintable(e.id));
        }
    }

    void validFixtureParses()
    {
        const QString path = fixtureDir + u"/valid-entry.md"_s;
        const EntryParser::Result r = EntryParser::parseFile(path);
        QVERIFY2(r.ok(), qPrintable(describe(r.warnings)));
        const Entry &e = *r.entry;
        QCOMPARE(e.id, u"valid-entry"_s);
        QCOMPARE(toString(e.role), u"initiating"_s);
        QCOMPARE(e.tags, (QStringList { u"fixture"_s, u"widget"_s }));
        QCOMPARE(e.symptoms.size(), 2);
        QCOMPARE(e.symptoms.first().text, u"`RSFIXTURE widget exploded on device 3`"_s);
        QCOMPARE(e.symptoms.first().meaning, u"the widget of that device failed first."_s);
        QCOMPARE(e.fix.size(), 2);
        QCOMPARE(e.fix.first().code.size(), 1);
        QCOMPARE(e.fix.first().code.first().language, u"bash"_s);
        QCOMPARE(e.fix.first().code.first().code, u"widgetctl replace --device 3"_s);
        QCOMPARE(e.verification.size(), 1);
        QCOMPARE(e.verification.first().expected, u"`healthy` for every device."_s);
        QCOMPARE(e.fingerprints.size(), 1);
        const Fingerprint &f = e.fingerprints.first();
        QCOMPARE(f.anchor, u"RSFIXTURE widget exploded"_s);
        QCOMPARE(f.weight, 0.9);
        QCOMPARE(toString(f.role), u"initiating"_s);
        QCOMPARE(toString(f.severity), u"fatal"_s);
        QCOMPARE(f.versions, u"widget >=1.0"_s);
        QCOMPARE(f.line, lineOf(readFile(path), "```fingerprint"));
        QCOMPARE(e.conditions.size(), 1);
        QCOMPARE(toString(e.conditions.first().kind), u"differs"_s);
        QCOMPARE(e.conditions.first().component, u"driver"_s);
        QCOMPARE(e.examples.size(), 2);
        QCOMPARE(e.examples.first().line, lineOf(readFile(path), "[rank3]: RSFIXTURE"));
        QCOMPARE(e.references.size(), 2);

        // CRLF line ends and a byte-order mark change nothing.
        QByteArray crlf = readFile(path);
        crlf.replace("\n", "\r\n");
        crlf.prepend("\xEF\xBB\xBF");
        const EntryParser::Result r2 = EntryParser::parse(crlf, path);
        QVERIFY2(r2.ok(), qPrintable(describe(r2.warnings)));
        Entry e2 = *r2.entry;
        QCOMPARE(e2, e);
    }

    // The broken fixtures that `rankscope kb validate` is also run on (tests/CMakeLists.txt).
    void brokenFixture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::addRow("missing section") << u"missing-section.md"_s << 15 << u"missing section '## Mechanism'"_s;
        QTest::addRow("bad regex") << u"bad-regex.md"_s << 56 << u"regex does not compile"_s;
        QTest::addRow("example not matched")
            << u"example-not-matched.md"_s << 73 << u"not matched by any fingerprint"_s;
        QTest::addRow("unknown category") << u"unknown-category.md"_s << 4 << u"unknown category 'widgets'"_s;
        QTest::addRow("anchor not in match")
            << u"anchor-not-in-match.md"_s << 71 << u"does not contain its anchor 'RSFIXTURE'"_s;
    }
    void brokenFixture()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        const QString path = fixtureDir + u'/' + file;
        const EntryParser::Result r = EntryParser::parseFile(path);
        QVERIFY(!r.ok());
        QVERIFY2(hasWarning(r.warnings, line, message), qPrintable(describe(r.warnings)));
        for (const Warning &w : r.warnings)
            QCOMPARE(w.path, path);
    }

    // One mutation of the valid fixture per rule; the warning must name the mutated line.
    void brokenRule_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QByteArray>("lineMarker"); // first line containing it after the mutation; "" = line 1
        QTest::addColumn<QString>("message");

        QTest::addRow("no header") << QByteArray("---\nid: valid-entry") << QByteArray("id: valid-entry")
                                   << QByteArray() << u"starts with a '---'"_s;
        QTest::addRow("header never closed")
            << QByteArray("---\n\n## Symptoms") << QByteArray("\n## Symptoms") << QByteArray() << u"never closed"_s;
        QTest::addRow("unknown header key") << QByteArray("tags: fixture") << QByteArray("labels: fixture")
                                            << QByteArray("labels:") << u"unknown header key 'labels'"_s;
        QTest::addRow("missing title") << QByteArray("title: Widget exploded (RankScope test fixture)\n")
                                       << QByteArray() << QByteArray("---\n\n## Symptoms")
                                       << u"missing header key 'title'"_s;
        QTest::addRow("id not a slug") << QByteArray("id: valid-entry") << QByteArray("id: Valid_Entry")
                                       << QByteArray("id:") << u"not a slug"_s;
        QTest::addRow("unknown role") << QByteArray("role: initiating\ntags") << QByteArray("role: root\ntags")
                                      << QByteArray("role:") << u"unknown role 'root'"_s;
        QTest::addRow("related not a slug")
            << QByteArray("tags: fixture") << QByteArray("related: Bad Id\ntags: fixture") << QByteArray("related:")
            << u"not a slug"_s;
        QTest::addRow("outlier-scope neither node nor job")
            << QByteArray("tags: fixture") << QByteArray("outlier-scope: cluster\ntags: fixture") << QByteArray("outlier-scope:")
            << u"outlier-scope is 'node' or 'job'"_s;
        QTest::addRow("unknown section") << QByteArray("## Prevention") << QByteArray("## Aftercare")
                                         << QByteArray("## Aftercare") << u"unknown section '## Aftercare'"_s;
        QTest::addRow("sections out of order")
            << QByteArray("## Root causes\n\n- A defective widget.\n- Firmware that overdrives it.\n\n## Affected "
                          "systems\n\n- Every widget revision.\n")
            << QByteArray("## Affected systems\n\n- Every widget revision.\n\n## Root causes\n\n- A defective "
                          "widget.\n- Firmware that overdrives it.\n")
            << QByteArray("## Root causes") << u"must come before '## Affected systems'"_s;
        QTest::addRow("empty section") << QByteArray("- Burn in new widgets.\n") << QByteArray()
                                       << QByteArray("## Prevention") << u"is empty"_s;
        QTest::addRow("text before first section")
            << QByteArray("---\n\n## Symptoms") << QByteArray("---\nstray text\n## Symptoms")
            << QByteArray("stray text") << u"first '## ' section"_s;
        QTest::addRow("symptom without separator") << QByteArray("- Other ranks time out afterwards — collateral.")
                                                   << QByteArray("- Other ranks time out afterwards.")
                                                   << QByteArray("Other ranks time out") << u"what it means"_s;
        QTest::addRow("separator only inside code") << QByteArray("- Other ranks time out afterwards — collateral.")
                                                    << QByteArray("- Other ranks print `a — b` afterwards.")
                                                    << QByteArray("Other ranks print") << u"outside code spans"_s;
        QTest::addRow("plain bullet in checklist")
            << QByteArray("- [ ] `grep") << QByteArray("- `grep") << QByteArray("- `grep -n") << u"checklist"_s;
        QTest::addRow("not a bullet") << QByteArray("- Every widget revision.") << QByteArray("Every widget revision.")
                                      << QByteArray("Every widget revision.") << u"expected a bullet"_s;
        QTest::addRow("step numbering") << QByteArray("2. Reboot the node.") << QByteArray("3. Reboot the node.")
                                        << QByteArray("3. Reboot") << u"step numbered 3, expected 2"_s;
        QTest::addRow("code language") << QByteArray("   ```bash\n   widgetctl replace")
                                       << QByteArray("   ```sh\n   widgetctl replace") << QByteArray("```sh")
                                       << u"language 'sh'"_s;
        QTest::addRow("code before first step")
            << QByteArray("## Fix\n\n1. Replace the widget.\n") << QByteArray("## Fix\n\n") << QByteArray("```bash")
            << u"before the first numbered step"_s;
        QTest::addRow("verification without code")
            << QByteArray("1. Check the widget.\n   ```bash\n   widgetctl status --device 3\n   ```\n")
            << QByteArray("1. Check the widget.\n") << QByteArray("1. Check the widget.") << u"has no command block"_s;
        QTest::addRow("verification without expected")
            << QByteArray("   Expected: `healthy` for every device.\n") << QByteArray()
            << QByteArray("1. Check the widget.") << u"no 'Expected:' line"_s;
        QTest::addRow("fingerprint without anchor") << QByteArray("anchor: RSFIXTURE widget exploded\n") << QByteArray()
                                                    << QByteArray("```fingerprint") << u"without 'anchor:'"_s;
        QTest::addRow("regex does not compile") << QByteArray("(?P<device>\\d+)") << QByteArray("(?P<device>\\d+")
                                                << QByteArray("regex:") << u"regex does not compile"_s;
        QTest::addRow("regex matches empty line")
            << QByteArray("regex: RSFIXTURE widget exploded on device (?P<device>\\d+)")
            << QByteArray("regex: (RSFIXTURE widget exploded)?") << QByteArray("regex:") << u"matches an empty line"_s;
        QTest::addRow("nested quantifiers backtrack")
            << QByteArray("regex: RSFIXTURE widget exploded on device (?P<device>\\d+)")
            << QByteArray("regex: RSFIXTURE widget exploded (a+)+$") << QByteArray("regex:") << u"backtracks catastrophically"_s;
        QTest::addRow("overlapping alternatives backtrack")
            << QByteArray("regex: RSFIXTURE widget exploded on device (?P<device>\\d+)")
            << QByteArray("regex: (?:RSFIXTURE widget exploded|(a|aa)+$)") << QByteArray("regex:") << u"backtracks catastrophically"_s;
        QTest::addRow("anchor too short") << QByteArray("anchor: RSFIXTURE widget exploded")
                                          << QByteArray("anchor: RSF") << QByteArray("anchor:") << u"shorter than 4"_s;
        QTest::addRow("weight above range")
            << QByteArray("weight: 0.9") << QByteArray("weight: 1.5") << QByteArray("weight:") << u"outside 0.05"_s;
        QTest::addRow("weight below range")
            << QByteArray("weight: 0.9") << QByteArray("weight: 0.01") << QByteArray("weight:") << u"outside 0.05"_s;
        QTest::addRow("recovers not yes or no")
            << QByteArray("weight: 0.9") << QByteArray("weight: 0.9\nrecovers: maybe") << QByteArray("recovers:")
            << u"recovers is 'yes' or 'no'"_s;
        QTest::addRow("initiating recovery line")
            << QByteArray("weight: 0.9") << QByteArray("weight: 0.9\nrecovers: yes") << QByteArray("recovers:")
            << u"not an initiating one"_s;
        QTest::addRow("weight not a number")
            << QByteArray("weight: 0.9") << QByteArray("weight: high") << QByteArray("weight:") << u"not a number"_s;
        QTest::addRow("fingerprint role")
            << QByteArray("role: initiating\nseverity") << QByteArray("role: cause\nseverity")
            << QByteArray("role: cause") << u"unknown fingerprint role 'cause'"_s;
        QTest::addRow("severity") << QByteArray("severity: fatal") << QByteArray("severity: critical")
                                  << QByteArray("severity:") << u"unknown severity 'critical'"_s;
        QTest::addRow("unknown fingerprint key") << QByteArray("versions: widget") << QByteArray("since: widget")
                                                 << QByteArray("since:") << u"unknown fingerprint key 'since'"_s;
        QTest::addRow("text among fingerprints")
            << QByteArray("## Fingerprints\n\n") << QByteArray("## Fingerprints\n\nsee below\n")
            << QByteArray("see below") << u"outside a ```fingerprint"_s;
        QTest::addRow("condition component") << QByteArray("- differs driver") << QByteArray("- differs firmware")
                                             << QByteArray("- differs firmware") << u"unknown component 'firmware'"_s;
        QTest::addRow("condition explanation")
            << QByteArray("- differs driver — a different driver on the failing node.")
            << QByteArray("- differs driver") << QByteArray("- differs driver") << u"needs an explanation"_s;
        QTest::addRow("condition kind") << QByteArray("- differs driver") << QByteArray("- varies driver")
                                        << QByteArray("- varies driver") << u"a condition is"_s;
        QTest::addRow("example not matched")
            << QByteArray("node-7:1234:1234 [3] RSFIXTURE widget exploded on device 12")
            << QByteArray("node-7:1234:1234 [3] RSFIXTURE widget imploded") << QByteArray("imploded")
            << u"not matched by any fingerprint"_s;
        QTest::addRow("two log blocks") << QByteArray(
            "## References") << QByteArray("```log\nRSFIXTURE widget exploded on device 1\n```\n\n## References")
                                        << QByteArray("```log\nRSFIXTURE widget exploded on device 1\n")
                                        << u"only one ```log"_s;
        QTest::addRow("reference without source")
            << QByteArray("- https://example.invalid/widget (widget manual)") << QByteArray("- the widget manual")
            << QByteArray("- the widget manual") << u"URL or an upstream"_s;
        QTest::addRow("collateral without look upstream")
            << QByteArray("role: initiating\ntags") << QByteArray("role: collateral\ntags")
            << QByteArray("## Fingerprints") << u"Look upstream"_s;
        QTest::addRow("code block never closed")
            << QByteArray("device 12\n```\n") << QByteArray("device 12\n") << QByteArray("```log") << u"never closed"_s;
        QTest::addRow("invalid UTF-8") << QByteArray("- Burn in new widgets.") << QByteArray("- Burn in \xff widgets.")
                                       << QByteArray("- Burn in") << u"invalid UTF-8"_s;
    }
    void brokenRule()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QByteArray, lineMarker);
        QFETCH(QString, message);
        const QString path = fixtureDir + u"/valid-entry.md"_s;
        QByteArray text = readFile(path);
        QVERIFY2(text.count(from) == 1, from.constData());
        text.replace(from, to);
        int line = 1;
        if (!lineMarker.isEmpty()) {
            // "```bash\n   widgetctl status": a marker may span lines; its first line counts.
            const qsizetype at = text.indexOf(lineMarker);
            QVERIFY2(at >= 0, lineMarker.constData());
            line = int(text.left(at).count('\n') + 1);
        }
        const EntryParser::Result r = EntryParser::parse(text, path);
        QVERIFY(!r.ok());
        QVERIFY2(hasWarning(r.warnings, line, message),
            qPrintable(u"expected line %1 '%2', got:\n"_s.arg(line).arg(message) + describe(r.warnings)));
    }

    void idMustMatchFileName()
    {
        const QByteArray text = readFile(fixtureDir + u"/valid-entry.md"_s);
        const EntryParser::Result r = EntryParser::parse(text, u"/somewhere/other-name.md"_s);
        QVERIFY(hasWarning(r.warnings, 2, u"does not match the file name 'other-name.md'"_s));
        QVERIFY(EntryParser::parse(text, QString()).ok()); // no path, no file-name rule
        QVERIFY(EntryParser::parse(text, u"valid-entry.md"_s).ok());
    }

    void unreadableFile()
    {
        const EntryParser::Result r = EntryParser::parseFile(fixtureDir + u"/no-such-file.md"_s);
        QVERIFY(!r.entry);
        QCOMPARE(r.warnings.size(), 1);
        QCOMPARE(Warning::kindName(r.warnings.first().kind), u"unreadable"_s);
    }

    // ---- cross-entry rules -----------------------------------------------------------------

    void duplicateIds()
    {
        Entry a
            = miniParsed(u"alpha"_s, u"initiating"_s, u"alpha broke"_s, u"alpha broke"_s, u"1.0"_s, u"alpha broke"_s);
        Entry b = a;
        b.sourcePath = u"user/alpha.md"_s;
        const Warnings w = EntryParser::validateSet({ a, b });
        QVERIFY2(hasWarning(w, a.headerLines.value(u"id"_s), u"duplicate id 'alpha'"_s), qPrintable(describe(w)));
        QCOMPARE(w.first().path, u"user/alpha.md"_s);
    }

    void relatedMustExist()
    {
        const Entry a = miniParsed(u"alpha"_s, u"initiating"_s, u"alpha broke"_s, u"alpha broke"_s, u"1.0"_s,
            u"alpha broke"_s, u"beta, gamma"_s);
        const Entry b
            = miniParsed(u"beta"_s, u"initiating"_s, u"beta broke"_s, u"beta broke"_s, u"1.0"_s, u"beta broke"_s);
        QVERIFY(!a.id.isEmpty() && !b.id.isEmpty());
        const Warnings w = EntryParser::validateSet({ a, b });
        QCOMPARE(w.size(), 1);
        QVERIFY2(hasWarning(w, 7, u"related id 'gamma' does not exist"_s), qPrintable(describe(w)));
    }

    void ranking_data()
    {
        QTest::addColumn<QString>("otherRole");
        QTest::addColumn<QString>("ownWeight");
        QTest::addColumn<QString>("otherWeight");
        QTest::addColumn<bool>("outranked");
        QTest::addRow("heavier other entry") << u"initiating"_s << u"0.5"_s << u"0.6"_s << true;
        QTest::addRow("heavier collateral entry") << u"collateral"_s << u"0.5"_s << u"0.9"_s << true;
        QTest::addRow("tie with initiating") << u"initiating"_s << u"0.5"_s << u"0.5"_s << false;
        QTest::addRow("tie with either") << u"either"_s << u"0.5"_s << u"0.5"_s << false;
        QTest::addRow("lighter other entry") << u"initiating"_s << u"0.7"_s << u"0.3"_s << false;
    }
    void ranking()
    {
        QFETCH(QString, otherRole);
        QFETCH(QString, ownWeight);
        QFETCH(QString, otherWeight);
        QFETCH(bool, outranked);
        const Entry own = miniParsed(u"own"_s, u"initiating"_s, u"NET: link (?P<port>\\d+) down"_s, u"NET: link"_s,
            ownWeight, u"NET: link 3 down"_s);
        const Entry other
            = miniParsed(u"other"_s, otherRole, u"NET: link \\d+"_s, u"NET: link"_s, otherWeight, u"NET: link 4"_s);
        QVERIFY(!own.id.isEmpty() && !other.id.isEmpty());
        const Warnings w = EntryParser::validateSet({ own, other });
        const int exampleLine = own.examples.first().line;
        QCOMPARE(hasWarning(w, exampleLine, u"outranked by 'other'"_s), outranked);
        QCOMPARE(w.size(), outranked ? 1 : 0);
    }

    void anchorOutsideMatchOfAnotherEntry()
    {
        // beta's regex matches alpha's example but its anchor is elsewhere on that line.
        const Entry a = miniParsed(
            u"alpha"_s, u"initiating"_s, u"GPU fell over"_s, u"GPU fell"_s, u"1.0"_s, u"ERROR GPU fell over"_s);
        const Entry b
            = miniParsed(u"beta"_s, u"either"_s, u"fell over|ERROR gone"_s, u"ERROR gone"_s, u"0.2"_s, u"ERROR gone"_s);
        QVERIFY(!a.id.isEmpty() && !b.id.isEmpty());
        const Warnings w = EntryParser::validateSet({ a, b });
        QVERIFY2(hasWarning(w, b.fingerprints.first().line, u"does not contain its anchor 'ERROR gone'"_s),
            qPrintable(describe(w)));
        QCOMPARE(w.first().path, u"beta.md"_s);
    }
};

QTEST_GUILESS_MAIN(TestEntryParser)
#include "tst_entryparser.moc"
