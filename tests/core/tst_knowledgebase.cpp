// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "encyclopediastore.h"
#include "entryparser.h"
#include "knowledgebase.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::kb;

namespace {

const QString encyclopediaDir = QStringLiteral(RANKSCOPE_SOURCE_DIR "/resources/encyclopedia");
const QString shippedDb = QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite");

QString describe(const Warnings &warnings)
{
    QStringList lines;
    for (const Warning &w : warnings)
        lines.append(w.toString());
    return lines.join(u'\n');
}

QList<Entry> parseSources()
{
    QList<Entry> entries;
    QStringList files = QDir(encyclopediaDir).entryList({ u"*.md"_s }, QDir::Files, QDir::Name);
    files.removeAll(u"README.md"_s);
    for (const QString &f : files) {
        EntryParser::Result r = EntryParser::parseFile(encyclopediaDir + u'/' + f);
        if (r.ok())
            entries.append(*r.entry);
    }
    return entries;
}

bool copyWithTitle(const QString &from, const QString &to, const QByteArray &title)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    QList<QByteArray> lines = in.readAll().split('\n');
    for (QByteArray &l : lines) {
        if (l.startsWith("title: ")) {
            l = "title: " + title;
            break;
        }
    }
    QFile out(to);
    return out.open(QIODevice::WriteOnly) && out.write(lines.join('\n')) > 0;
}

QStringList ids(const QList<SearchHit> &hits)
{
    QStringList out;
    for (const SearchHit &h : hits)
        out.append(h.entryId);
    return out;
}

} // namespace

class TestKnowledgeBase : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_db; // built by the test from the sources, independent of the build step
    QList<Entry> m_sources;

private Q_SLOTS:
    // An engineer finds an entry by typing what the log says: for every built-in entry, the
    // words of one of its symptoms put it among the first five hits of `kb search`.
    void searchFindsEveryEntryByItsSymptomWords()
    {
        Warnings w;
        const auto kb = KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
        QVERIFY(kb->entries().size() >= 128);
        static const QRegularExpression word(u"[A-Za-z][A-Za-z_]{3,}"_s);
        QStringList lost;
        for (const Entry &e : kb->entries()) {
            bool found = false;
            for (const Symptom &symptom : e.symptoms) {
                QStringList words;
                for (auto it = word.globalMatch(symptom.text); it.hasNext() && words.size() < 6;)
                    words.append(it.next().captured(0));
                const QList<SearchHit> hits = kb->search(words.join(u' '), 5);
                found = std::any_of(hits.cbegin(), hits.cend(), [&e](const SearchHit &h) { return h.entryId == e.id; });
                if (found)
                    break;
            }
            if (!found)
                lost.append(e.id);
        }
        QVERIFY2(lost.isEmpty(), qPrintable(u"not found by their symptoms: "_s + lost.join(u", "_s)));
    }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_tmp.isValid());
        m_sources = parseSources();
        QVERIFY(m_sources.size() >= 64);
        m_db = m_tmp.filePath(u"encyclopedia.sqlite"_s);
        QString error;
        QVERIFY2(EncyclopediaStore::writeDatabase(m_db, m_sources, &error), qPrintable(error));
    }

    void migrationsSetUserVersion()
    {
        QVERIFY(EncyclopediaStore::latestSchemaVersion() >= 1);
        EncyclopediaStore store(u":memory:"_s, EncyclopediaStore::Mode::ReadWrite);
        QVERIFY(store.isOpen());
        QCOMPARE(store.schemaVersion(), 0);
        QVERIFY2(store.migrate(), qPrintable(store.errorString()));
        QCOMPARE(store.schemaVersion(), EncyclopediaStore::latestSchemaVersion());
        QVERIFY(store.migrate()); // idempotent
        QVERIFY(store.writeEntries(m_sources.mid(0, 3)));
        const auto back = store.readEntries();
        QVERIFY(back);
        QCOMPARE(back->size(), 3);
    }

    // What the database returns is exactly what the parser produced.
    void storeRoundTrip()
    {
        Warnings w;
        const auto kb = KnowledgeBase::open(m_db, QString(), &w);
        QVERIFY2(w.isEmpty(), qPrintable(describe(w)));
        QCOMPARE(kb->entries().size(), m_sources.size());
        for (const Entry &e : m_sources) {
            const Entry *stored = kb->entry(e.id);
            QVERIFY2(stored, qPrintable(e.id));
            QVERIFY2(*stored == e, qPrintable(e.id));
        }
        QCOMPARE(kb->searchDatabasePath(), m_db);
    }

    // The database the build produced (encyclopedia_db) is present and complete.
    void shippedDatabaseOpens()
    {
        QVERIFY2(QFile::exists(shippedDb), qPrintable(shippedDb));
        Warnings w;
        const auto kb = KnowledgeBase::open(shippedDb, QString(), &w);
        QVERIFY2(w.isEmpty(), qPrintable(describe(w)));
        QVERIFY(kb->entries().size() >= 64);
        qsizetype fingerprints = 0;
        for (const Entry &e : kb->entries()) {
            QVERIFY2(e.sourcePath.startsWith(u"resources/encyclopedia/"_s), qPrintable(e.sourcePath));
            QVERIFY(!e.userOverride);
            fingerprints += e.fingerprints.size();
        }
        QCOMPARE(kb->fingerprints().size(), fingerprints);
        const Entry *model = kb->entry(u"nccl-version-conflict");
        QVERIFY(model);
        QCOMPARE(toString(model->role), u"initiating"_s);
        QVERIFY(std::any_of(model->conditions.cbegin(), model->conditions.cend(),
            [](const Condition &c) { return c.kind == Condition::Kind::Differs && c.component == u"nccl"_s; }));
    }

    void defaultPaths()
    {
        const QByteArray saved = qgetenv("RANKSCOPE_ENCYCLOPEDIA");
        qputenv("RANKSCOPE_ENCYCLOPEDIA", "/tmp/some/encyclopedia.sqlite");
        QCOMPARE(KnowledgeBase::defaultDatabasePath(), u"/tmp/some/encyclopedia.sqlite"_s);
        qunsetenv("RANKSCOPE_ENCYCLOPEDIA");
        // The test binary sits in <build>/tests, so ../share/rankscope is the build's own database.
        QCOMPARE(QFileInfo(KnowledgeBase::defaultDatabasePath()).canonicalFilePath(),
            QFileInfo(shippedDb).canonicalFilePath());
        if (!saved.isEmpty())
            qputenv("RANKSCOPE_ENCYCLOPEDIA", saved);
        QVERIFY(KnowledgeBase::defaultUserDir().endsWith(u"/encyclopedia"_s));
        QVERIFY(KnowledgeBase::defaultUserDir().startsWith(
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    }

    void classify_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("capture");
        QTest::addColumn<QString>("value");
        QTest::addRow("version mismatch")
            << u"[2025-06-01 12:34:56] gpu-a17:48211:48290 [0] init.cc:1032 NCCL WARN Mismatched NCCL version detected : rank 8 version 22703 rank 0 version 22602"_s
            << u"nccl-version-conflict"_s << u"remote_version"_s << u"22703"_s;
        QTest::addRow("xid 79")
            << u"[Sat Jun  1 10:21:07 2024] NVRM: Xid (PCI:0000:01:00): 79, pid=0, GPU has fallen off the bus."_s
            << u"gpu-xid-fallen-off-bus"_s << QString() << QString();
        QTest::addRow("watchdog timeout")
            << u"[rank0]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=131072000, NumelOut=131072000, Timeout(ms)=600000) ran for 600081 milliseconds before timing out."_s
            << u"nccl-watchdog-timeout"_s << u"seq"_s << u"1"_s;
        QTest::addRow("ib completion error")
            << u"gpu-17:51234:51890 [3] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 192.168.17.147<38560> with error 12, opcode 0, len 0, vendor err 129"_s
            << u"ib-completion-error"_s << QString() << QString();
        QTest::addRow("cuda oom")
            << u"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.70 GiB. GPU 0 has a total capacty of 6.00 GiB of which 0 bytes is free."_s
            << u"cuda-oom"_s << QString() << QString();
        QTest::addRow("nothing") << u"epoch 3 step 1200 loss 2.31"_s << QString() << QString() << QString();
    }
    void classify()
    {
        QFETCH(QString, line);
        QFETCH(QString, entry);
        QFETCH(QString, capture);
        QFETCH(QString, value);
        Warnings w;
        const auto kb = KnowledgeBase::open(m_db, QString(), &w);
        const QList<FingerprintMatch> ranked = kb->classify(line);
        if (entry.isEmpty()) {
            QVERIFY(ranked.isEmpty());
            return;
        }
        QVERIFY(!ranked.isEmpty());
        QCOMPARE(ranked.first().entryId, entry);
        const Fingerprint &f = kb->fingerprints().at(ranked.first().fingerprint);
        QCOMPARE(f.entryId, entry);
        QCOMPARE(ranked.first().weight, f.weight);
        QVERIFY(line.contains(f.anchor));
        for (qsizetype i = 1; i < ranked.size(); ++i)
            QVERIFY(ranked.at(i - 1).weight >= ranked.at(i).weight);
        if (!capture.isEmpty())
            QCOMPARE(ranked.first().captures.value(capture), value);
    }

    // Weight first, then initiating > either > collateral, then id; one match per entry.
    void classifyOrder()
    {
        auto make = [](const QString &id, EntryRole role, QList<std::pair<QString, double>> fps,
                        const QString &anchor = u"disk"_s) {
            Entry e;
            e.id = id;
            e.role = role;
            int line = 0;
            for (const auto &[regex, weight] : fps) {
                Fingerprint f;
                f.regex = regex;
                f.anchor = anchor;
                f.weight = weight;
                f.line = ++line;
                e.fingerprints.append(f);
            }
            return e;
        };
        const auto kb = KnowledgeBase::fromEntries({
            make(u"c-collateral"_s, EntryRole::Collateral, { { u"disk (?P<dev>\\w+) full"_s, 0.8 } }),
            make(u"b-either"_s, EntryRole::Either, { { u"disk \\w+ full"_s, 0.8 } }),
            make(u"a-initiating"_s, EntryRole::Initiating, { { u"disk"_s, 0.3 }, { u"disk \\w+"_s, 0.8 } }),
            make(u"d-heavy"_s, EntryRole::Collateral, { { u"disk sda"_s, 0.95 } }),
            make(u"e-miss"_s, EntryRole::Initiating, { { u"disk nvme"_s, 1.0 } }),
            // The regex would match, but the line lacks the anchor: the prefilter skips it.
            make(u"f-noanchor"_s, EntryRole::Initiating, { { u"sda full"_s, 1.0 } }, u"nvme0"_s),
        });
        const QList<FingerprintMatch> r = kb->classify(u"kernel: disk sda full");
        QStringList order;
        for (const FingerprintMatch &m : r)
            order.append(m.entryId);
        QCOMPARE(order, (QStringList { u"d-heavy"_s, u"a-initiating"_s, u"b-either"_s, u"c-collateral"_s }));
        QCOMPARE(r.at(1).weight, 0.8); // a-initiating's best fingerprint, not its first
        QCOMPARE(kb->fingerprints().at(r.at(1).fingerprint).regex, u"disk \\w+"_s);
        QCOMPARE(r.at(3).captures.value(u"dev"_s), u"sda"_s);
        QVERIFY(kb->classify(u"").isEmpty());
    }

    void search_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected"); // each within the first `within` hits; empty: no hit
        QTest::addColumn<int>("within");
        QTest::addRow("fallen off the bus")
            << u"fallen off the bus"_s << QStringList { u"gpu-xid-fallen-off-bus"_s } << 1;
        QTest::addRow("case and punctuation")
            << u"Fallen OFF the bus!"_s << QStringList { u"gpu-xid-fallen-off-bus"_s } << 1;
        // Two entries are about the watchdog: its collective timeout and the watchdog thread stuck.
        QTest::addRow("watchdog") << u"watchdog"_s
                                  << QStringList { u"nccl-watchdog-timeout"_s, u"nccl-watchdog-stuck"_s } << 2;
        QTest::addRow("watchdog timeout message")
            << u"Watchdog caught collective operation timeout"_s << QStringList { u"nccl-watchdog-timeout"_s } << 1;
        QTest::addRow("prefix of the last word")
            << u"watchdog caught collective operation timeo"_s << QStringList { u"nccl-watchdog-timeout"_s } << 1;
        QTest::addRow("cuda out of memory") << u"CUDA out of memory"_s << QStringList { u"cuda-oom"_s } << 1;
        QTest::addRow("phrase before scattered words")
            << u"Mismatched NCCL version detected"_s << QStringList { u"nccl-version-conflict"_s } << 1;
        QTest::addRow("stemming") << u"timeouts straggler"_s << QStringList { u"straggler-hang"_s } << 3;
        QTest::addRow("fts syntax is not interpreted")
            << u"watchdog:*\"( NEAR"_s << QStringList { u"nccl-watchdog-timeout"_s } << 5;
        QTest::addRow("nothing") << u"zzqxv wibblefrotz"_s << QStringList() << 0;
        QTest::addRow("empty") << u"   "_s << QStringList() << 0;
    }
    void search()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QFETCH(int, within);
        Warnings w;
        const auto kb = KnowledgeBase::open(m_db, QString(), &w);
        const QList<SearchHit> hits = kb->search(text, 5);
        QVERIFY(hits.size() <= 5);
        const QStringList found = ids(hits);
        if (expected.isEmpty()) {
            QVERIFY2(hits.isEmpty(), qPrintable(found.join(u", "_s)));
            return;
        }
        for (const QString &id : expected)
            QVERIFY2(found.mid(0, within).contains(id), qPrintable(id + u" not in "_s + found.join(u", "_s)));
        QCOMPARE(QSet<QString>(found.cbegin(), found.cend()).size(), found.size());
        QVERIFY(hits.first().score > 0);
        QVERIFY(hits.first().snippet.contains(u'['));
    }

    void overlayReplacesBuiltIn()
    {
        QTemporaryDir userDir;
        QVERIFY(userDir.isValid());
        const QString override = userDir.filePath(u"nccl-version-conflict.md"_s);
        QVERIFY(copyWithTitle(
            encyclopediaDir + u"/nccl-version-conflict.md"_s, override, "Site-specific NCCL skew (quokkaword)"));
        // A new entry of the user's own, and a broken one that must be left out with a warning.
        QVERIFY(QFile::copy(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/kb/valid-entry.md"),
            userDir.filePath(u"valid-entry.md"_s)));
        QVERIFY(QFile::copy(
            QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/kb/bad-regex.md"), userDir.filePath(u"bad-regex.md"_s)));

        Warnings w;
        const auto kb = KnowledgeBase::open(m_db, userDir.path(), &w);
        QCOMPARE(kb->entries().size(), m_sources.size() + 1);
        QVERIFY2(w.size() >= 1, qPrintable(describe(w)));
        for (const Warning &x : w)
            QCOMPARE(x.path, userDir.filePath(u"bad-regex.md"_s));
        QVERIFY(!kb->entry(u"bad-regex"));

        const Entry *e = kb->entry(u"nccl-version-conflict");
        QVERIFY(e);
        QCOMPARE(e->title, u"Site-specific NCCL skew (quokkaword)"_s);
        QVERIFY(e->userOverride);
        QCOMPARE(e->sourcePath, override);
        const Entry *own = kb->entry(u"valid-entry");
        QVERIFY(own);
        QVERIFY(!own->userOverride);
        QVERIFY(!kb->entry(u"cuda-oom")->userOverride);

        // Fingerprints and search follow the overlay.
        QVERIFY(kb->searchDatabasePath().isEmpty());
        QCOMPARE(ids(kb->search(u"quokkaword"_s, 5)), QStringList { u"nccl-version-conflict"_s });
        QCOMPARE(kb->search(u"fallen off the bus"_s, 5).value(0).entryId, u"gpu-xid-fallen-off-bus"_s);
        const QList<FingerprintMatch> m = kb->classify(u"[rank3]: RSFIXTURE widget exploded on device 7");
        QCOMPARE(m.size(), 1);
        QCOMPARE(m.first().entryId, u"valid-entry"_s);
        QCOMPARE(m.first().captures.value(u"device"_s), u"7"_s);
    }

    void openNonSqliteFile()
    {
        const QString path = m_tmp.filePath(u"not-a-database.sqlite"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        Warnings w;
        const auto kb = KnowledgeBase::open(path, QString(), &w);
        QVERIFY(kb);
        QCOMPARE(w.size(), 1);
        QCOMPARE(w.first().path, path);
        QCOMPARE(Warning::kindName(w.first().kind), u"unreadable"_s);
        QVERIFY(kb->entries().isEmpty());
        QVERIFY(kb->search(u"watchdog"_s).isEmpty());
    }

    void openMissingFile()
    {
        const QString path = m_tmp.filePath(u"missing.sqlite"_s);
        Warnings w;
        const auto kb = KnowledgeBase::open(path, QString(), &w);
        QCOMPARE(w.size(), 1);
        QVERIFY2(w.first().message.contains(u"no such file"_s), qPrintable(w.first().message));
        QVERIFY(!QFile::exists(path)); // read-only: never created
        QVERIFY(kb->entries().isEmpty());
    }

    void openNewerSchema()
    {
        const QString path = m_tmp.filePath(u"newer.sqlite"_s);
        QVERIFY(QFile::copy(m_db, path));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tst-newer"_s);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(u"PRAGMA user_version = 99"_s));
            db.close();
        }
        QSqlDatabase::removeDatabase(u"tst-newer"_s);
        Warnings w;
        const auto kb = KnowledgeBase::open(path, QString(), &w);
        QCOMPARE(w.size(), 1);
        QVERIFY2(w.first().message.contains(u"newer"_s), qPrintable(w.first().message));
        QVERIFY(kb->entries().isEmpty());
        // No connection is left behind by open() or search().
        kb->search(u"watchdog"_s);
        QCOMPARE(QSqlDatabase::connectionNames(), QStringList());
    }

    // Several threads classify and search at once through the same const object.
    void concurrentUse()
    {
        Warnings w;
        const auto kb = KnowledgeBase::open(m_db, QString(), &w);
        QStringList lines;
        for (const Entry &e : kb->entries()) {
            for (const Example &x : e.examples)
                lines.append(x.text);
        }
        auto fingerprintOf = [&kb](const QString &line) {
            const QList<FingerprintMatch> r = kb->classify(line);
            return r.isEmpty() ? qsizetype(-1) : r.first().fingerprint;
        };
        QList<qsizetype> expected;
        for (const QString &l : std::as_const(lines))
            expected.append(fingerprintOf(l));
        const QStringList expectedSearch = ids(kb->search(u"watchdog"_s, 5));

        std::atomic<int> mismatches = 0;
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&, t] {
                for (int round = 0; round < 3; ++round) {
                    for (qsizetype i = 0; i < lines.size(); ++i) {
                        if (fingerprintOf(lines.at((i + t * 17) % lines.size()))
                            != expected.at((i + t * 17) % lines.size()))
                            ++mismatches;
                    }
                    if (ids(kb->search(u"watchdog"_s, 5)) != expectedSearch)
                        ++mismatches;
                }
            });
        }
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(mismatches.load(), 0);
    }
};

QTEST_GUILESS_MAIN(TestKnowledgeBase)
#include "tst_knowledgebase.moc"
