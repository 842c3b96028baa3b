// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Case files: an exact round trip; refusal of anything that is not a sound case file, leaving
// it byte-identical; a case that survives its writer being killed with SIGKILL; finding a moved
// or damaged bundle again; a walkthrough proposed from a simulated incident.
#include "analyzer.h"
#include "casefile.h"
#include "caseinputs.h"
#include "caselocator.h"
#include "casereport.h"
#include "casesources.h"
#include "pastedtext.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "simulator.h"
#include "walkthrough.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimeZone>
#include <QUuid>
#include <QtEndian>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::cases;

namespace {

// Set in the environment of the child the SIGKILL test starts: the path it saves to.
const char childEnv[] = "RANKSCOPE_CASE_CHILD";

QByteArray sha256(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result();
}

// Every file of a folder, with its hash: "byte-identical and nothing beside it" in one value.
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> out;
    const QStringList names = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QString &name : names)
        out.insert(name, sha256(dir + u'/' + name));
    return out;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Runs statements on a file through a private connection: how the tests craft foreign, future
// and half-written databases without going through CaseFile.
QString execSql(const QString &file, const QStringList &statements)
{
    const QString name = u"tst-casefile-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(file);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            for (const QString &sql : statements) {
                if (!q.exec(sql)) {
                    error = sql + u": "_s + q.lastError().text();
                    break;
                }
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

qint64 countRows(const QString &file, const QString &table)
{
    const QString name = u"tst-casefile-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    qint64 n = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
        db.setDatabaseName(file);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(u"SELECT count(*) FROM "_s + table) && q.next())
                n = q.value(0).toLongLong();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return n;
}

// Every field set, with text a careless encoder would mangle.
CaseData fullCase()
{
    CaseData d;
    d.title = u"NCCL 2.18 vs 2.21 auf Knoten-03 \u2014 \u30e9\u30f3\u30af 30 \U0001F525"_s;
    d.sources = {
        { u"/data/incidents/job-4711"_s, u"node-03/rank-30.log"_s, 123456789012, QByteArray("\x00\x01\xfe\xff", 4) },
        { u"/data/incidents"_s, u"job-4711-dmesg.tar.zst"_s, 42, QByteArray(32, '\x5a') },
        { u"/data/\u00fcber"_s, u"leer.log"_s, 0, QByteArray() },
    };
    d.clockOffsets = { { u"node-03"_s, -45.25 }, { u"node-01"_s, 0.001 } };
    d.attribution = { { u"misc/unnamed.log"_s, u"node-02"_s, 17 }, { u"stdout.txt"_s, QString(), -1 } };
    d.notes = u"First line.\nSecond line with\ttab and \"quotes\" and 'single' ones; DROP TABLE bookmarks;--\n\n"
              "\u4e2d\u6587 and emoji \U0001F680\r\nlast line without newline"_s;
    d.bookmarks = {
        { u"node-03/rank-30.log"_s, 1201, 30, u"node-03"_s, 1735689600123, u"mismatch"_s,
            u"NCCL version\nprinted here"_s },
        { u"job-4711-dmesg.tar.zst!/dmesg.txt"_s, 7, -1, u"node-01"_s, NoTime, u"kernel"_s, QString() },
        { u"x.log"_s, 0, -1, QString(), -5, QString(), u"whole file"_s },
    };
    d.tags = { u"nccl"_s, u"version-mismatch"_s, u"\u00e9t\u00e9"_s };
    d.verdictOverride
        = { true, 12, u"node-02"_s, u"nccl-version-conflict"_s, u"rank 12 printed it first;\nsee bookmark 1"_s };
    d.walkthrough = {
        { u"rank 30 on node-03: NCCL version mismatch"_s, u"Start here."_s, u"node-03/rank-30.log"_s, 1201, 30,
            u"node-03"_s, 1735689600123, u"initiating"_s },
        { u"inventory"_s, u"no time"_s, u"node-03/inventory.json"_s, 3, -1, u"node-03"_s, NoTime, u"context"_s },
    };
    d.created = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5, 678), QTimeZone::utc());
    d.modified = QDateTime(QDate(2026, 2, 28), QTime(23, 59, 59, 999), QTimeZone(3600 * 5 + 1800));
    return d;
}

// What the SIGKILL child writes as generation n: whatever a kill leaves, the title and the
// number of bookmarks must agree.
CaseData generation(int n)
{
    CaseData d;
    d.title = u"gen %1"_s.arg(n);
    d.notes = QString(qsizetype(n) * 40, u'n');
    for (int i = 0; i < n; ++i) {
        d.bookmarks.append({ u"rank-%1.log"_s.arg(i % 8), i + 1, i % 8, u"node-%1"_s.arg(i % 3), 1000 + i,
            u"b %1"_s.arg(i), QString(300, QChar(u'a' + i % 26)) });
    }
    return d;
}

int runChild(const QString &path)
{
    QTextStream out(stdout);
    for (int n = 1; n < 1000000; ++n) {
        const CaseSaveResult r = CaseFile::save(generation(n), path);
        if (!r.ok) {
            QTextStream(stderr) << r.message << Qt::endl;
            return 1;
        }
        out << "saved " << n << Qt::endl; // endl flushes: the parent counts these lines
    }
    return 0;
}

// A case large enough to span many pages, so it can be cut in many places.
CaseData bigCase()
{
    CaseData d = generation(300);
    d.title = u"big"_s;
    return d;
}

// Builds the fixture named in a _data() row at path; empty on success.
QString makeFixture(const QString &fixture, const QString &path)
{
    if (fixture == u"missing")
        return {};
    if (fixture == u"empty")
        return writeFile(path, {}) ? QString() : u"cannot write"_s;
    if (fixture == u"text")
        return writeFile(path, "2026-01-01 12:00:00 rank 3: CUDA out of memory\nsecond line\n") ? QString()
                                                                                                : u"cannot write"_s;
    if (fixture == u"png") {
        QByteArray png("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR", 16);
        for (int i = 0; i < 4096; ++i)
            png.append(char((i * 131 + 7) & 0xff));
        return writeFile(path, png) ? QString() : u"cannot write"_s;
    }
    if (fixture == u"foreign" || fixture == u"plain-sqlite" || fixture == u"foreign-wal") {
        QStringList sql;
        if (fixture == u"foreign")
            sql << u"PRAGMA application_id = 1196444237"_s; // "GPKG": a GeoPackage
        if (fixture == u"foreign-wal")
            sql << u"PRAGMA journal_mode = WAL"_s;
        sql << u"CREATE TABLE case_info (id INTEGER PRIMARY KEY, title TEXT)"_s
            << u"INSERT INTO case_info VALUES (1, 'not ours')"_s;
        return execSql(path, sql);
    }
    const CaseSaveResult saved = CaseFile::save(bigCase(), path);
    if (!saved.ok)
        return saved.message;
    if (fixture == u"newer-schema")
        return execSql(path, { u"PRAGMA user_version = %1"_s.arg(CaseFile::SchemaVersion + 1) });
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        return f.errorString();
    const qint64 size = f.size();
    if (fixture == u"damaged-page") {
        // Page 2 is the first table's root: garbage where its b-tree header should be.
        f.seek(4096);
        f.write(QByteArray(16, '\x5a'));
        return {};
    }
    if (fixture.startsWith(u"truncated:")) {
        const QString at = fixture.section(u':', 1);
        const qint64 cut = at == u"half" ? size / 2 : at.toLongLong() < 0 ? size + at.toLongLong() : at.toLongLong();
        if (cut <= 0 || cut >= size)
            return u"bad cut %1 of %2"_s.arg(cut).arg(size);
        return f.resize(cut) ? QString() : f.errorString();
    }
    return u"unknown fixture "_s + fixture;
}

std::shared_ptr<const kb::KnowledgeBase> knowledgeBase()
{
    static auto kb = [] {
        Warnings w;
        return kb::KnowledgeBase::open(
            QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
    }();
    return kb;
}

} // namespace

class TestCaseFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A pasted incident's text exists only in the data folder: a case saved from it carries
    // the text, and opening the case elsewhere writes it back and points the case at it.
    void pastedTextTravelsWithTheCase()
    {
        QTemporaryDir here, there;
        const QString pastedHere = here.filePath(u"pasted"_s);
        QString error;
        const QString path = PastedText::store(u"[3] include/shm.h:48 NCCL WARN Error while creating shared memory segment x (size 1)"_s,
                                               pastedHere, &error);
        QVERIFY2(!path.isEmpty(), qPrintable(error));
        QVERIFY(PastedText::isPasted(path, pastedHere));
        CaseData d;
        d.title = u"pasted"_s;
        d.sources = CaseSources::describe({path});
        QCOMPARE(d.sources.size(), 1);
        d.pasted = PastedText::collect(d.sources, pastedHere);
        QCOMPARE(d.pasted.size(), 1);
        const QString casePath = here.filePath(u"c.rscase"_s);
        QVERIFY(CaseFile::save(d, casePath).ok);

        CaseLoadResult loaded = CaseFile::load(casePath);
        QVERIFY2(loaded.ok, qPrintable(loaded.message));
        QCOMPARE(loaded.data.pasted, d.pasted);
        const QString pastedThere = there.filePath(u"pasted"_s);
        QVERIFY2(PastedText::restore(loaded.data, pastedThere, &error), qPrintable(error));
        const QString restored = QDir(pastedThere).filePath(QFileInfo(path).fileName());
        QFile f(restored);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), d.pasted.first().text);
        QCOMPARE(CaseInputs::paths(loaded.data), QStringList{restored});

        // A name that leaves the folder is refused.
        loaded.data.pasted.first().name = u"../../etc/passwd"_s;
        QVERIFY(!PastedText::restore(loaded.data, pastedThere, &error));
    }

    void roundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"full.rscase"_s);
        const CaseData data = fullCase();
        const CaseSaveResult saved = CaseFile::save(data, path);
        QVERIFY2(saved.ok, qPrintable(saved.message));
        QVERIFY(saved.message.isEmpty());
        QCOMPARE(snapshot(dir.path()).keys(), QStringList { u"full.rscase"_s }); // no journal left

        const CaseLoadResult loaded = CaseFile::load(path);
        QVERIFY2(loaded.ok, qPrintable(loaded.message));
        QCOMPARE(loaded.error, CaseError::None);
        const CaseData &l = loaded.data;
        // Field by field first, so a failure names the field.
        QCOMPARE(l.title, data.title);
        QCOMPARE(l.sources, data.sources);
        QCOMPARE(l.clockOffsets, data.clockOffsets);
        QCOMPARE(l.attribution, data.attribution);
        QCOMPARE(l.notes, data.notes);
        QCOMPARE(l.bookmarks, data.bookmarks);
        QCOMPARE(l.tags, data.tags);
        QCOMPARE(l.verdictOverride, data.verdictOverride);
        QCOMPARE(l.walkthrough, data.walkthrough);
        QCOMPARE(l.created, data.created);
        QCOMPARE(l.modified, data.modified);
        QVERIFY(l == data);

        // Defaults survive too: no times, no ranks, empty lists.
        QVERIFY(CaseFile::save(CaseData(), path).ok);
        const CaseLoadResult empty = CaseFile::load(path);
        QVERIFY2(empty.ok, qPrintable(empty.message));
        QVERIFY(empty.data == CaseData());
    }

    void saveReplaces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"twice.rscase"_s);
        CaseData first = fullCase();
        first.bookmarks += generation(5).bookmarks;
        CaseData second = generation(2);
        second.tags = { u"only"_s };
        QVERIFY(CaseFile::save(first, path).ok);
        QVERIFY(CaseFile::save(second, path).ok);
        const CaseLoadResult loaded = CaseFile::load(path);
        QVERIFY2(loaded.ok, qPrintable(loaded.message));
        QVERIFY(loaded.data == second);
        QCOMPARE(countRows(path, u"case_info"_s), 1);
        QCOMPARE(countRows(path, u"bookmarks"_s), 2);
        QCOMPARE(countRows(path, u"tags"_s), 1);
        QCOMPARE(countRows(path, u"sources"_s), 0);
    }

    void loadRejects_data() { fixtures(false); }
    void loadRejects()
    {
        QFETCH(QString, fixture);
        QFETCH(CaseError, error);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"fixture.rscase"_s);
        const QString made = makeFixture(fixture, path);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        const auto before = snapshot(dir.path());

        const CaseLoadResult r = CaseFile::load(path);
        QVERIFY(!r.ok);
        QCOMPARE(r.error, error);
        QVERIFY2(r.message.contains(path), qPrintable(r.message));
        QVERIFY(r.data == CaseData());
        if (error == CaseError::NewerSchema) {
            QVERIFY2(r.message.contains(u"schema %1"_s.arg(CaseFile::SchemaVersion + 1)), qPrintable(r.message));
            QVERIFY2(r.message.contains(u"schema %1"_s.arg(CaseFile::SchemaVersion)), qPrintable(r.message));
        }
        // Not a byte changed, nothing created beside it (no -journal, -wal or -shm).
        QCOMPARE(snapshot(dir.path()), before);
    }

    void saveRefuses_data() { fixtures(true); }
    void saveRefuses()
    {
        QFETCH(QString, fixture);
        QFETCH(CaseError, error);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"fixture.rscase"_s);
        const QString made = makeFixture(fixture, path);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        const auto before = snapshot(dir.path());

        const CaseSaveResult r = CaseFile::save(fullCase(), path);
        QVERIFY(!r.ok);
        QCOMPARE(r.error, error);
        QVERIFY2(r.message.contains(path), qPrintable(r.message));
        QCOMPARE(snapshot(dir.path()), before);
    }

    // A case is a document people send each other. Whatever a hostile one holds, load() names
    // the file and what is wrong, quickly, and returns nothing to act on: no path out of its
    // bundle, no view or trigger in place of a table, no count that would take minutes.
    void loadRefusesHostileContent_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("expect");
        QTest::addRow("absolute file path") << u"source:/etc/shadow"_s << u"outside its bundle"_s;
        QTest::addRow("dot-dot file path") << u"source:logs/../../../etc/shadow"_s << u"outside its bundle"_s;
        QTest::addRow("relative root") << u"root:incident"_s << u"not an absolute path"_s;
        QTest::addRow("bookmark out of the bundle") << u"bookmark:../secret.log"_s << u"bookmark 1"_s;
        QTest::addRow("pasted name with a folder") << u"pasted:../../.bashrc"_s << u"not a plain file name"_s;
        QTest::addRow("recursive view for a table") << u"view"_s << u"view (tags)"_s;
        QTest::addRow("trigger") << u"trigger"_s << u"trigger"_s;
        QTest::addRow("150,000 roots") << u"roots:150000"_s << u"bundle folders, more than the 256"_s;
        QTest::addRow("100,001 tags") << u"tags:100001"_s << u"tags, more than the 100000"_s;
    }
    void loadRefusesHostileContent()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, expect);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"hostile.rscase"_s);
        CaseData d = fullCase();
        const QString kind = fixture.section(u':', 0, 0);
        const QString arg = fixture.section(u':', 1);
        if (kind == u"source"_s)
            d.sources.first().relativePath = arg;
        else if (kind == u"root"_s)
            d.sources.first().root = arg;
        else if (kind == u"bookmark"_s)
            d.bookmarks = {{arg, 3, 0, u"gpu-01"_s, NoTime, u"x"_s, QString()}};
        else if (kind == u"pasted"_s)
            d.pasted = {{arg, QByteArray("x\n")}};
        const CaseSaveResult saved = CaseFile::save(d, path);
        QVERIFY2(saved.ok, qPrintable(saved.message));
        QString sql;
        if (kind == u"view"_s)
            QCOMPARE(execSql(path, {u"DROP TABLE tags"_s,
                         u"CREATE VIEW tags AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
                         "SELECT n AS ord, 'x' AS tag FROM r"_s}), QString());
        else if (kind == u"trigger"_s)
            QCOMPARE(execSql(path, {u"CREATE TRIGGER t AFTER INSERT ON tags BEGIN DELETE FROM sources; END"_s}), QString());
        else if (kind == u"roots"_s)
            QCOMPARE(execSql(path, {u"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < %1) "
                         "INSERT INTO sources (ord, root, relative_path, bytes, fingerprint) "
                         "SELECT 1000 + n, '/data/root-' || n, 'a.log', 1, x'00' FROM r"_s.arg(arg)}), QString());
        else if (kind == u"tags"_s)
            QCOMPARE(execSql(path, {u"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < %1) "
                         "INSERT INTO tags (ord, tag) SELECT 1000 + n, 'tag-' || n FROM r"_s.arg(arg)}), QString());

        QDeadlineTimer deadline(10'000);
        const CaseLoadResult r = CaseFile::load(path);
        QVERIFY2(!deadline.hasExpired(), "refusing a hostile case must not take long");
        QVERIFY(!r.ok);
        QCOMPARE(r.error, CaseError::Refused);
        QVERIFY2(r.message.contains(path), qPrintable(r.message));
        QVERIFY2(r.message.contains(expect), qPrintable(r.message));
        QVERIFY(r.data == CaseData());
    }

    // `rankscope report CASE` reads the folders a case records only when they lie in the folder
    // that holds the case. A case from elsewhere (its root /etc, say) needs --bundle DIR, and
    // then its files are looked for in DIR and nowhere else.
    void reportNeedsTheBundleForACaseFromElsewhere()
    {
        QTemporaryDir outside; // where the case says its files are: it must not be read
        QTemporaryDir mail; // where the case arrived
        QTemporaryDir mine; // the user's copy of the bundle
        const QByteArray oom = "[rank0]: Out of memory: Killed process 4242 (python3)\n";
        QVERIFY(writeFile(outside.filePath(u"rank0.log"_s), "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (SECRET-7731)\n"));
        QVERIFY(writeFile(mine.filePath(u"rank0.log"_s), oom));
        CaseData d;
        d.title = u"sent by a colleague"_s;
        d.sources = {{outside.path(), u"rank0.log"_s, 92, {}}};
        const QString casePath = mail.filePath(u"incident.rscase"_s);
        QVERIFY(CaseFile::save(d, casePath).ok);
        auto run = [](const QStringList &args, QString *err) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"RANKSCOPE_ENCYCLOPEDIA"_s, QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"));
            env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(RANKSCOPE_BINARY_DIR "/app/rankscope"), args);
            if (!p.waitForFinished(120'000))
                return -1;
            *err = QString::fromUtf8(p.readAllStandardError());
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        };
        QString err;
        const QString json = mail.filePath(u"report.json"_s);
        QCOMPARE(run({u"report"_s, casePath, u"--out"_s, json}, &err), 2);
        QVERIFY2(err.contains(outside.path()) && err.contains(u"--bundle"_s), qPrintable(err));
        QVERIFY(!QFile::exists(json));

        QCOMPARE(run({u"report"_s, casePath, u"--bundle"_s, mine.path(), u"--out"_s, json}, &err), 0);
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray report = f.readAll();
        QVERIFY2(report.contains("host-oom-kill"), "the report must read the user's copy of the bundle");
        QVERIFY2(!report.contains("SECRET-7731") && !report.contains(QFile::encodeName(outside.path())),
                 "nothing of the recorded folder may be read");

        // Saved beside its bundle, a case needs nothing more.
        const QString besidePath = mine.filePath(u"mine.rscase"_s);
        CaseData beside = d;
        beside.sources.first().root = mine.path();
        beside.sources.first().bytes = oom.size();
        QVERIFY(CaseFile::save(beside, besidePath).ok);
        QCOMPARE(run({u"report"_s, besidePath, u"--out"_s, mine.filePath(u"r.json"_s)}, &err), 0);
    }

    // A case's file that is a link out of its bundle is neither fingerprinted nor handed to the
    // ingest: the case reads its bundle and nothing else.
    void linksOutOfTheBundleAreNotRead()
    {
        QTemporaryDir dir;
        QTemporaryDir outside;
        const QString bundle = dir.filePath(u"incident"_s);
        QVERIFY(QDir().mkpath(bundle + u"/logs"_s));
        QVERIFY(writeFile(bundle + u"/logs/rank0.log"_s, "[rank0]: hello\n"));
        QVERIFY(writeFile(outside.filePath(u"secret.txt"_s), "secret\n"));
        QVERIFY(QFile::link(outside.filePath(u"secret.txt"_s), bundle + u"/logs/rank1.log"_s));
        CaseData d;
        d.sources = {{bundle, u"logs/rank0.log"_s, 15, {}}, {bundle, u"logs/rank1.log"_s, 7, {}}};
        const QList<SourceStatus> st = CaseLocator::check(d);
        QCOMPARE(st.size(), 2);
        QCOMPARE(st.at(0).state, SourceStatus::State::Present);
        QCOMPARE(st.at(1).state, SourceStatus::State::Outside);
        // Listed one by one (files in a subfolder open the root folder, where the ingest
        // refuses the link itself): only the file inside.
        CaseData flat;
        QVERIFY(QFile::link(outside.filePath(u"secret.txt"_s), bundle + u"/rank1.log"_s));
        QVERIFY(writeFile(bundle + u"/rank0.log"_s, "[rank0]: hello\n"));
        flat.sources = {{bundle, u"rank0.log"_s, 15, {}}, {bundle, u"rank1.log"_s, 7, {}}};
        QCOMPARE(CaseInputs::paths(flat), QStringList{QDir::cleanPath(bundle + u"/rank0.log"_s)});
    }

    // A zero-length file holds nothing to lose; a first save killed before its first commit
    // leaves one behind.
    void saveOverEmptyFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"empty.rscase"_s);
        QVERIFY(writeFile(path, {}));
        QVERIFY(CaseFile::save(fullCase(), path).ok);
        const CaseLoadResult loaded = CaseFile::load(path);
        QVERIFY2(loaded.ok, qPrintable(loaded.message));
        QVERIFY(loaded.data == fullCase());
    }

    void foldersAndMissingFolders()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(u"folder.rscase"_s);
        QVERIFY(QDir().mkpath(folder));
        QCOMPARE(CaseFile::load(folder).error, CaseError::IoError);
        QCOMPARE(CaseFile::save(fullCase(), folder).error, CaseError::IoError);
        const QString nowhere = dir.filePath(u"no/such/folder/x.rscase"_s);
        const CaseSaveResult r = CaseFile::save(fullCase(), nowhere);
        QCOMPARE(r.error, CaseError::IoError);
        QVERIFY(r.message.contains(nowhere));
        QVERIFY(!QFileInfo::exists(dir.filePath(u"no"_s)));
    }

    // The state a crash leaves, made deterministically: a copy of the file and its journal
    // taken while a transaction that already wrote into the file is open.
    void hotJournal()
    {
        QTemporaryDir dir;
        const QString original = dir.filePath(u"original.rscase"_s);
        const QString crashed = dir.filePath(u"crashed.rscase"_s);
        const CaseData before = bigCase();
        QVERIFY(CaseFile::save(before, original).ok);

        const QString name = u"tst-casefile-writer"_s;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
            db.setDatabaseName(original);
            QVERIFY(db.open());
            QSqlQuery q(db);
            // A tiny cache makes SQLite spill changed pages into the file before the commit,
            // which is what makes a journal hot.
            QVERIFY(q.exec(u"PRAGMA cache_size = 2"_s));
            QVERIFY(q.exec(u"BEGIN IMMEDIATE"_s));
            QVERIFY(q.exec(u"UPDATE case_info SET title = 'half-written'"_s));
            QVERIFY(q.exec(u"DELETE FROM bookmarks WHERE ord % 2 = 0"_s));
            for (int i = 0; i < 200; ++i)
                QVERIFY(q.exec(
                    u"INSERT INTO bookmarks (ord, note) VALUES (%1, '%2')"_s.arg(10000 + i).arg(QString(500, u'z'))));
            QVERIFY(QFile::copy(original + u"-journal"_s, crashed + u"-journal"_s));
            QVERIFY(QFile::copy(original, crashed));
            QVERIFY(q.exec(u"ROLLBACK"_s));
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        QVERIFY(QFileInfo(crashed + u"-journal"_s).size() > 0);
        QVERIFY2(sha256(crashed) != sha256(original), "the snapshot must hold uncommitted pages");

        const auto files = snapshot(dir.path());
        const CaseLoadResult loaded = CaseFile::load(crashed);
        QVERIFY2(loaded.ok, qPrintable(loaded.message));
        QVERIFY(loaded.data == before);
        QCOMPARE(snapshot(dir.path()), files); // rolled back in a copy: journal and file untouched

        // The next save rolls the real file back, then writes.
        const CaseData after = generation(3);
        const CaseSaveResult saved = CaseFile::save(after, crashed);
        QVERIFY2(saved.ok, qPrintable(saved.message));
        QVERIFY(!QFileInfo::exists(crashed + u"-journal"_s));
        QVERIFY(CaseFile::load(crashed).data == after);
    }

    // The writer is this test binary again, saving ever bigger cases until it is killed.
    void survivesSigkill()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"killed.rscase"_s);
        struct Round
        {
            int saves; // saves the child reports before the kill
            int delayMs; // then this long, to land at other points of a save
        };
        const QList<Round> rounds
            = { { 2, 0 }, { 5, 1 }, { 9, 0 }, { 14, 3 }, { 20, 0 }, { 27, 5 }, { 35, 0 }, { 44, 2 } };
        int hot = 0;
        for (const Round &round : rounds) {
            QProcess child;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QString::fromLatin1(childEnv), path);
            child.setProcessEnvironment(env);
            child.start(QCoreApplication::applicationFilePath(), {});
            QVERIFY(child.waitForStarted());
            int reported = 0;
            const QDeadlineTimer deadline(std::chrono::seconds(120));
            auto readReports = [&] {
                while (child.canReadLine()) {
                    const QByteArray line = child.readLine().trimmed();
                    if (line.startsWith("saved "))
                        reported = line.mid(6).toInt();
                }
            };
            while (reported < round.saves) {
                QVERIFY2(child.state() == QProcess::Running || child.bytesAvailable() > 0,
                    child.readAllStandardError().constData());
                QVERIFY2(!deadline.hasExpired(), "the child stopped reporting saves");
                child.waitForReadyRead(100);
                readReports();
            }
            if (round.delayMs > 0)
                QTest::qSleep(round.delayMs);
            child.kill(); // SIGKILL
            QVERIFY(child.waitForFinished());
            readReports();
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);
            if (QFileInfo(path + u"-journal"_s).size() > 0)
                ++hot;

            const auto files = snapshot(dir.path());
            const CaseLoadResult loaded = CaseFile::load(path);
            QVERIFY2(loaded.ok, qPrintable(loaded.message));
            const int n = loaded.data.title.mid(4).toInt();
            QCOMPARE(loaded.data.title, u"gen %1"_s.arg(n));
            QCOMPARE(loaded.data.bookmarks.size(), n);
            QVERIFY(loaded.data == generation(n));
            // Every save the child reported had committed; the one after it may have too.
            QVERIFY2(n == reported || n == reported + 1,
                qPrintable(u"loaded gen %1, child reported %2"_s.arg(n).arg(reported)));
            QCOMPARE(snapshot(dir.path()), files);
        }
        qInfo("%d of %lld kills left a hot journal behind", hot, qlonglong(rounds.size()));
    }

    void describeSources()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"bundle"_s);
        QVERIFY(QDir().mkpath(bundle + u"/node-1/deeper"_s));
        QVERIFY(writeFile(bundle + u"/rank-0.log"_s, "zero\n"));
        QVERIFY(writeFile(bundle + u"/node-1/rank-1.log"_s, "one\n"));
        QVERIFY(writeFile(bundle + u"/node-1/deeper/.hidden"_s, "h\n"));
        QVERIFY(writeFile(dir.filePath(u"job.tar.gz"_s), "not really an archive"));

        const QList<CaseSource> s = CaseSources::describe(
            { bundle, bundle + u"/rank-0.log"_s, dir.filePath(u"job.tar.gz"_s), dir.filePath(u"absent"_s) });
        QCOMPARE(s.size(), 4); // the file inside the folder once, the absent path not at all
        const QString root = QDir::cleanPath(dir.path());
        QCOMPARE(s.at(0).root, root);
        QCOMPARE(s.at(0).relativePath, u"job.tar.gz"_s);
        QCOMPARE(s.at(1).root, bundle);
        QCOMPARE(s.at(1).relativePath, u"node-1/deeper/.hidden"_s);
        QCOMPARE(s.at(2).relativePath, u"node-1/rank-1.log"_s);
        QCOMPARE(s.at(3).relativePath, u"rank-0.log"_s);
        QCOMPARE(s.at(3).bytes, 5);
        QCOMPARE(s.at(3).fingerprint, CaseSources::fingerprint(bundle + u"/rank-0.log"_s));

        int calls = 0;
        QVERIFY(CaseSources::describe({ bundle }, [&calls](qint64, qint64) { return ++calls < 2; }).isEmpty());
    }

    // The fingerprint is stored in case files, so its definition is pinned here.
    void fingerprintWindows()
    {
        QTemporaryDir dir;
        const QString small = dir.filePath(u"small.log"_s);
        QVERIFY(writeFile(small, "hello\n"));
        QCryptographicHash h(QCryptographicHash::Sha256);
        const quint64 le = qToLittleEndian(quint64(6));
        h.addData(QByteArrayView(reinterpret_cast<const char *>(&le), sizeof le));
        h.addData(QByteArrayView("hello\n"));
        QCOMPARE(CaseSources::fingerprint(small), h.result());
        QVERIFY(CaseSources::fingerprint(dir.filePath(u"absent"_s)).isEmpty());

        const QString big = dir.filePath(u"big.log"_s);
        QByteArray bytes(3 * CaseSources::WindowBytes, 'x');
        QVERIFY(writeFile(big, bytes));
        const QByteArray base = CaseSources::fingerprint(big);
        auto flipped = [&](qint64 at) {
            QByteArray b = bytes;
            b[at] = 'y';
            writeFile(big, b);
            return CaseSources::fingerprint(big);
        };
        QVERIFY(flipped(10) != base); // head window
        QVERIFY(flipped(bytes.size() - 10) != base); // tail window
        QCOMPARE(flipped(CaseSources::WindowBytes + 10), base); // the middle is the trade-off
        QVERIFY(writeFile(big, bytes + 'x') && CaseSources::fingerprint(big) != base); // the size
    }

    void locateMovedBundle()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"incidents/job-4711"_s);
        QVERIFY(QDir().mkpath(bundle + u"/node-1"_s));
        QVERIFY(writeFile(bundle + u"/rank-0.log"_s, "zero\n"));
        QVERIFY(writeFile(bundle + u"/node-1/rank-1.log"_s, "one\n"));
        QVERIFY(writeFile(bundle + u"/node-1/dmesg.txt"_s, "kernel\n"));
        CaseData data;
        data.sources = CaseSources::describe({ bundle });
        data.bookmarks = { { u"node-1/rank-1.log"_s, 1, 1, u"node-1"_s, NoTime, u"x"_s, QString() } };
        QCOMPARE(data.sources.size(), 3);
        QCOMPARE(CaseLocator::roots(data), QStringList { bundle });
        for (const SourceStatus &s : CaseLocator::check(data))
            QCOMPARE(s.state, SourceStatus::State::Present);

        // Moved and renamed, as when a colleague unpacks it elsewhere.
        QVERIFY(QDir().mkpath(dir.filePath(u"home/downloads"_s)));
        const QString moved = dir.filePath(u"home/downloads/job-4711-copy"_s);
        QVERIFY(QDir().rename(bundle, moved));
        for (const SourceStatus &s : CaseLocator::check(data)) {
            QCOMPARE(s.state, SourceStatus::State::Missing);
            QCOMPARE(s.bytes, -1);
        }

        const RootSuggestion fromParent = CaseLocator::suggestRoot(data, dir.filePath(u"home"_s));
        QCOMPARE(fromParent.root, moved);
        QCOMPARE(fromParent.found, 3);
        QCOMPARE(fromParent.total, 3);
        // Picked a folder inside the bundle: its parent is suggested.
        QCOMPARE(CaseLocator::suggestRoot(data, moved + u"/node-1"_s).root, moved);
        QCOMPARE(CaseLocator::suggestRoot(data, moved, u"/elsewhere"_s).total, 0);
        QVERIFY(CaseLocator::suggestRoot(data, dir.filePath(u"incidents"_s)).root.isEmpty());

        const CaseData relocated = CaseLocator::relocate(data, bundle, fromParent.root);
        QCOMPARE(relocated.bookmarks, data.bookmarks);
        QCOMPARE(CaseLocator::roots(relocated), QStringList { moved });
        for (const SourceStatus &s : CaseLocator::check(relocated))
            QCOMPARE(s.state, SourceStatus::State::Present);
        // A root below the old one moves with it; an unrelated one that shares a prefix does not.
        CaseData nested;
        nested.sources = { { bundle + u"/node-1"_s, u"a"_s, 0, {} }, { bundle + u"-other"_s, u"b"_s, 0, {} } };
        const CaseData r = CaseLocator::relocate(nested, bundle + u'/', moved);
        QCOMPARE(r.sources.at(0).root, moved + u"/node-1"_s);
        QCOMPARE(r.sources.at(1).root, bundle + u"-other"_s);
    }

    void locateMissingAndChanged()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"bundle"_s);
        QVERIFY(QDir().mkpath(bundle));
        for (const char *name : { "a.log", "b.log", "c.log", "d.log" })
            QVERIFY(writeFile(bundle + u'/' + QLatin1String(name), "content\n"));
        CaseData data;
        data.sources = CaseSources::describe({ bundle });
        QVERIFY(QFile::remove(bundle + u"/b.log"_s));
        QVERIFY(writeFile(bundle + u"/c.log"_s, "CONTENT\n")); // same size, other bytes
        QVERIFY(writeFile(bundle + u"/d.log"_s, "content!\n")); // grew

        const QList<SourceStatus> s = CaseLocator::check(data);
        QCOMPARE(s.size(), 4);
        QCOMPARE(s.at(0).state, SourceStatus::State::Present);
        QCOMPARE(s.at(1).state, SourceStatus::State::Missing);
        QCOMPARE(s.at(1).filePath, bundle + u"/b.log"_s);
        QCOMPARE(s.at(2).state, SourceStatus::State::Changed);
        QCOMPARE(s.at(2).bytes, 8);
        QCOMPARE(s.at(3).state, SourceStatus::State::Changed);
        QCOMPARE(s.at(3).bytes, 9);
        // Three of four still there: the suggestion says so.
        const RootSuggestion hint = CaseLocator::suggestRoot(data, dir.path());
        QCOMPARE(hint.root, bundle);
        QCOMPARE(hint.found, 3);
        QCOMPARE(hint.total, 4);
    }

    // What a case hands the ingest to read its bundle again gives the same relative paths as
    // what the user opened: a folder with subfolders, single files, a folder of plain files.
    void inputsReopenWhatWasOpened()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"bundle"_s);
        QVERIFY(QDir().mkpath(bundle + u"/node-1"_s));
        QVERIFY(writeFile(bundle + u"/launcher.log"_s, "[rank0]: hello\n"));
        QVERIFY(writeFile(bundle + u"/node-1/rank-1.log"_s, "[rank1]: hello\n"));
        QVERIFY(QDir().mkpath(dir.filePath(u"loose"_s)));
        QVERIFY(writeFile(dir.filePath(u"loose/slurm-1.out"_s), "srun: error: task 1\n"));
        QVERIFY(writeFile(dir.filePath(u"loose/unrelated.txt"_s), "not opened\n"));
        const QString flat = dir.filePath(u"flat"_s);
        QVERIFY(QDir().mkpath(flat));
        QVERIFY(writeFile(flat + u"/a.log"_s, "a\n"));
        QVERIFY(writeFile(flat + u"/b.log"_s, "b\n"));

        const auto relativePaths = [](const QStringList &inputs) {
            QStringList out;
            const ingest::IngestResultPtr result = ingest::Ingestor::run(inputs, ingest::IngestConfig {});
            for (const ingest::InputFile &f : result->files)
                out.append(f.path);
            out.sort();
            return out;
        };
        for (const QStringList &opened : { QStringList { bundle, dir.filePath(u"loose/slurm-1.out"_s) },
                 QStringList { flat }, QStringList { bundle + u"/node-1"_s } }) {
            CaseData data;
            data.sources = CaseSources::describe(opened);
            const QStringList again = CaseInputs::paths(data);
            QVERIFY(!again.isEmpty());
            QVERIFY2(!again.contains(dir.filePath(u"loose/unrelated.txt"_s)), qPrintable(again.join(u' ')));
            QCOMPARE(relativePaths(again), relativePaths(opened));
        }

        CaseData data;
        data.sources = CaseSources::describe({ bundle, dir.filePath(u"loose/slurm-1.out"_s) });
        QCOMPARE(CaseInputs::paths(data), (QStringList { bundle, dir.filePath(u"loose/slurm-1.out"_s) }));
        // A file that is gone is left out; a folder stays while it exists.
        QVERIFY(QFile::remove(dir.filePath(u"loose/slurm-1.out"_s)));
        QVERIFY(QFile::remove(bundle + u"/node-1/rank-1.log"_s));
        QCOMPARE(CaseInputs::paths(data), QStringList { bundle });
        QVERIFY(QDir(bundle).removeRecursively());
        QVERIFY(CaseInputs::paths(data).isEmpty());

        data.clockOffsets = { { u"gpu-a01"_s, -2.5 }, { u"gpu-a02"_s, 1.0 } };
        data.attribution = { { u"console/copied.txt"_s, u"gpu-a02"_s, 5 }, { u"node-1/x.log"_s, QString(), 3 } };
        const ingest::ManualCorrections corrections = CaseInputs::corrections(data);
        QCOMPARE(corrections.clockOffsets.size(), 2);
        QCOMPARE(corrections.clockOffsets.value(u"gpu-a01"_s), -2.5);
        QCOMPARE(corrections.attribution.value(u"console/copied.txt"_s), (ingest::FileAttributionOverride { u"gpu-a02"_s, 5 }));
        QCOMPARE(corrections.attribution.value(u"node-1/x.log"_s).rank, 3);
        // And back, sorted, so that an unchanged set compares equal to what the case holds.
        CaseData back;
        CaseInputs::setCorrections(back, corrections);
        QCOMPARE(back.clockOffsets, data.clockOffsets);
        QCOMPARE(back.attribution, data.attribution);
    }

    void reportAnnotations()
    {
        CaseData data;
        data.notes = u"notes"_s;
        data.tags = { u"oom"_s };
        data.bookmarks = { { u"a.log"_s, 7, 3, u"gpu-a01"_s, 1000, u"label"_s, u"note"_s } };
        data.verdictOverride = { false, 2, u"gpu-a02"_s, u"cuda-oom"_s, u"reason"_s };
        report::ReportAnnotations a = CaseReport::annotations(data);
        QCOMPARE(a.notes, u"notes"_s);
        QCOMPARE(a.tags, data.tags);
        QCOMPARE(a.bookmarks.size(), 1);
        QCOMPARE(a.bookmarks.first().line, 7);
        QCOMPARE(a.bookmarks.first().note, u"note"_s);
        QVERIFY(!a.verdictOverride); // inactive: the analysis' verdict stands
        data.verdictOverride.active = true;
        a = CaseReport::annotations(data);
        QVERIFY(a.verdictOverride);
        QCOMPARE(a.verdictOverride->rank, 2);
        QCOMPARE(a.verdictOverride->node, u"gpu-a02"_s);
        QCOMPARE(a.verdictOverride->reason, u"reason"_s);
    }

    void walkthroughFromScenario_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char *s : { "cuda-oom", "ib-completion-error", "gpu-xid-fallen-off-bus", "slurm-time-limit",
                 "host-oom-kill", "straggler-hang" })
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void walkthroughFromScenario()
    {
        QFETCH(QString, scenario);
        QVERIFY2(knowledgeBase() && knowledgeBase()->entries().size() >= 64, "the built encyclopedia is missing");
        QTemporaryDir dir;
        sim::SimConfig cfg;
        cfg.scenario = scenario;
        cfg.outDir = dir.filePath(u"bundle"_s);
        cfg.truthFile = dir.filePath(u"truth.json"_s);
        cfg.nodes = 3;
        cfg.gpusPerNode = 2;
        cfg.seed = 11;
        cfg.clockSkewSeconds = 20;
        const sim::SimResult sr = sim::Simulator::run(cfg);
        QVERIFY2(sr.ok(), qPrintable(sr.error));
        ingest::IngestConfig icfg;
        icfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
        const auto r = analysis::Analyzer::run(ingest::Ingestor::run({ cfg.outDir }, icfg), *knowledgeBase());
        const analysis::Verdict &v = r->verdict;
        QVERIFY(!v.chain.isEmpty());

        const QList<WalkthroughStep> steps = Walkthrough::propose(*r);
        for (const WalkthroughStep &s : steps)
            qDebug().noquote() << s.role << s.timeMs << s.path << s.line << s.title;
        QVERIFY(!steps.isEmpty());

        int initiating = 0;
        for (const WalkthroughStep &s : steps) {
            if (s.role == u"initiating") {
                ++initiating;
                QCOMPARE(s.path, v.evidence.path);
                QCOMPARE(s.line, v.evidence.source.line);
            }
            QVERIFY(!s.title.isEmpty());
            QVERIFY2(s.title.size() <= 90, qPrintable(s.title));
            QVERIFY(s.role == u"initiating" || s.role == u"collateral" || s.role == u"context");
        }
        QCOMPARE(initiating, 1);

        // Time-ordered, one step per line.
        qint64 previous = NoTime;
        QSet<QPair<QString, qint64>> lines;
        for (const WalkthroughStep &s : steps) {
            if (s.timeMs != NoTime) {
                QVERIFY2(previous == NoTime || s.timeMs >= previous, qPrintable(s.title));
                previous = s.timeMs;
            }
            QVERIFY2(!lines.contains({ s.path, s.line }), qPrintable(s.title));
            lines.insert({ s.path, s.line });
        }

        // When the failure spread to another node, the walkthrough shows it.
        QString origin;
        for (const analysis::ChainStep &c : v.chain) {
            if (c.role == analysis::ChainStep::Role::Initiating) {
                origin = c.evidence.node;
                break;
            }
        }
        bool spread = false;
        for (const analysis::ChainStep &c : v.chain)
            spread |= c.role == analysis::ChainStep::Role::Collateral && !c.evidence.node.isEmpty()
                && c.evidence.node != origin && c.evidence.node != v.node;
        if (spread) {
            bool shown = false;
            for (const WalkthroughStep &s : steps)
                shown |= s.role == u"collateral" && s.node != origin;
            QVERIFY(shown);
        }

        // And it is something a case file keeps.
        CaseData data;
        data.walkthrough = steps;
        const QString path = dir.filePath(u"walk.rscase"_s);
        QVERIFY(CaseFile::save(data, path).ok);
        QCOMPARE(CaseFile::load(path).data.walkthrough, steps);
    }

    void walkthroughWithoutVerdict() { QVERIFY(Walkthrough::propose(analysis::AnalysisResult()).isEmpty()); }

private:
    static void fixtures(bool forSave)
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<CaseError>("error");
        if (!forSave) {
            QTest::newRow("missing file") << u"missing"_s << CaseError::NotFound;
            QTest::newRow("empty file") << u"empty"_s << CaseError::NotSqlite;
        }
        QTest::newRow("text file") << u"text"_s << CaseError::NotSqlite;
        QTest::newRow("PNG image") << u"png"_s << CaseError::NotSqlite;
        for (const char *cut : { "10", "50", "99", "100", "1000", "4096", "8192", "half", "-4096", "-1" })
            QTest::addRow("truncated at %s", cut) << u"truncated:"_s + QString::fromLatin1(cut) << CaseError::Corrupt;
        QTest::newRow("damaged page") << u"damaged-page"_s << CaseError::Corrupt;
        QTest::newRow("foreign SQLite (application id)") << u"foreign"_s << CaseError::NotACase;
        QTest::newRow("plain SQLite (no application id)") << u"plain-sqlite"_s << CaseError::NotACase;
        QTest::newRow("foreign SQLite in WAL mode") << u"foreign-wal"_s << CaseError::NotACase;
        QTest::newRow("newer schema") << u"newer-schema"_s << CaseError::NewerSchema;
    }
};

// The child branch comes before QTest: the SIGKILL test runs this binary as the writer.
int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (const QString child = qEnvironmentVariable(childEnv); !child.isEmpty())
        return runChild(child);
    TestCaseFile test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_casefile.moc"
