// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Redaction of host names, IPv4 addresses and user names: the edge cases a report must survive
// (addresses inside longer tokens, version numbers that look like addresses, host names that are
// prefixes of others, host names inside paths and in FQDN form), and a real hand-made bundle.
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "redactor.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using report::Redactor;

class TestRedactor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void disabledIsIdentity()
    {
        const Redactor r;
        QVERIFY(!r.isEnabled());
        const QString s = u"gpu-a01 10.1.0.11 /home/alice"_s;
        QCOMPARE(r.apply(s), s);
    }

    void apply_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        // Addresses: inside longer tokens, at sentence ends, with ports; not versions.
        QTest::addRow("address after interface name") << u"Using eth0:10.1.0.11<0>"_s << u"Using eth0:ip-01<0>"_s;
        QTest::addRow("address with port in brackets")
            << u"peer 10.1.0.27<49122> message truncated"_s << u"peer ip-02<49122> message truncated"_s;
        QTest::addRow("address with :port") << u"MASTER_ADDR=10.1.0.27:29500"_s << u"MASTER_ADDR=ip-02:29500"_s;
        QTest::addRow("address at sentence end") << u"connect to 10.1.0.11."_s << u"connect to ip-01."_s;
        QTest::addRow("address in CIDR") << u"route 10.1.0.11/24"_s << u"route ip-01/24"_s;
        QTest::addRow("five-part version is no address") << u"libfoo 1.10.0.0.12"_s << u"libfoo 1.10.0.0.12"_s;
        QTest::addRow("pip pin is no address")
            << u"nvidia-cublas-cu12==12.4.5.8"_s << u"nvidia-cublas-cu12==12.4.5.8"_s;
        QTest::addRow("address glued to a word") << u"v10.1.0.11"_s << u"v10.1.0.11"_s;
        QTest::addRow("octet over 255") << u"10.1.0.256"_s << u"10.1.0.256"_s;
        QTest::addRow("loopback stays") << u"bind 127.0.0.1 and 0.0.0.0"_s << u"bind 127.0.0.1 and 0.0.0.0"_s;
        QTest::addRow("unseen address still hidden") << u"from 192.168.7.9"_s << u"from ip-x"_s;
        // Host names: whole tokens, longest first, in paths and any case.
        QTest::addRow("prefix host is not part of longer host")
            << u"node-10 then node-1, node-2"_s << u"node-05 then node-03, node-04"_s;
        QTest::addRow("unknown longer host untouched") << u"node-100"_s << u"node-100"_s;
        QTest::addRow("host followed by interface suffix") << u"gpu-a01-ib0"_s << u"node-01-ib0"_s;
        QTest::addRow("host in a path") << u"logs/gpu-a01/rank0.log"_s << u"logs/node-01/rank0.log"_s;
        QTest::addRow("host before underscore") << u"gpu-a01_rank3.log"_s << u"node-01_rank3.log"_s;
        QTest::addRow("host after underscore") << u"rank3_gpu-a01.log"_s << u"rank3_node-01.log"_s;
        QTest::addRow("host before file suffix") << u"gpu-a01.log"_s << u"node-01.log"_s;
        QTest::addRow("host inside another name untouched") << u"my-gpu-a01 xgpu-a01"_s << u"my-gpu-a01 xgpu-a01"_s;
        QTest::addRow("host in upper case") << u"GPU-A01:4101:4101"_s << u"node-01:4101:4101"_s;
        QTest::addRow("learnt FQDN") << u"ssh gpu-a01.cluster.example.com"_s << u"ssh node-01"_s;
        QTest::addRow("given FQDN, short use")
            << u"srun: error: gpu-b07: task 3"_s << u"srun: error: node-02: task 3"_s;
        QTest::addRow("given FQDN, full use") << u"gpu-b07.cluster.example.com"_s << u"node-02"_s;
        // Users: home directories, environment facts, later mentions.
        QTest::addRow("home directory") << u"/home/alice/runs/gpu-a01/x.log"_s << u"/home/user-01/runs/node-01/x.log"_s;
        QTest::addRow("macOS home") << u"/Users/carol/Downloads"_s << u"/Users/user-03/Downloads"_s;
        QTest::addRow("USER= fact") << u"USER=bob"_s << u"USER=user-02"_s;
        QTest::addRow("user mentioned elsewhere") << u"submitted by alice@login"_s << u"submitted by user-01@login"_s;
        QTest::addRow("root is nobody") << u"/root/.cache and /home/root"_s << u"/root/.cache and /home/root"_s;
        QTest::addRow("unseen home still hidden") << u"/home/mallory/x"_s << u"/home/user-x/x"_s;
        QTest::addRow("localhost is no host to hide") << u"connect localhost:29500"_s << u"connect localhost:29500"_s;
        QTest::addRow("alias is not rewritten") << u"node-01 ip-01 user-01"_s << u"node-01 ip-01 user-01"_s;
        // Hosts that are no node, in dotted form; module paths and public sites stay.
        QTest::addRow("foreign FQDN") << u"mount nfs01.storage.example.com:/export failed"_s
                                      << u"mount other-host-04:/export failed"_s;
        QTest::addRow("foreign FQDN in a URL") << u"POST https://mlflow.corp.example.com/api"_s
                                               << u"POST https://other-host-03/api"_s;
        QTest::addRow("unseen foreign FQDN") << u"ping db7.intra.example.net"_s << u"ping other-host-x"_s;
        QTest::addRow("module path stays") << u"torch.distributed.elastic.multiprocessing.errors"_s
                                           << u"torch.distributed.elastic.multiprocessing.errors"_s;
        QTest::addRow("public site stays") << u"see https://github.com/pytorch/pytorch/issues/1"_s
                                           << u"see https://github.com/pytorch/pytorch/issues/1"_s;
        // IPv6 (with zone and after NCCL's interface name), not times or C++ scopes.
        QTest::addRow("IPv6 link-local after interface")
            << u"Bootstrap : Using ens5:fe80::a00:27ff:fe4e:66a1%ens5<0>"_s << u"Bootstrap : Using ens5:ip6-02<0>"_s;
        QTest::addRow("IPv6 full form") << u"peer 2001:db8:0:0:8:800:200c:417a port"_s << u"peer ip6-01 port"_s;
        QTest::addRow("IPv6 in NCCL WARN")
            << u"gpu-b07:7301:7390 [0] transport/net_socket.cc:431 NCCL WARN NET/Socket : peer 2001:db8:0:0:8:800:200c:417a<49122> message truncated"_s
            << u"node-02:7301:7390 [0] transport/net_socket.cc:431 NCCL WARN NET/Socket : peer ip6-01<49122> message truncated"_s;
        QTest::addRow("unseen IPv6") << u"from [2001:db8::dead:1]:29500"_s << u"from [ip6-x]:29500"_s;
        QTest::addRow("time is no IPv6") << u"10:22:33 12:01:02:03"_s << u"10:22:33 12:01:02:03"_s;
        QTest::addRow("C++ scope is no IPv6") << u"c10d::ProcessGroupNCCL at::cuda"_s << u"c10d::ProcessGroupNCCL at::cuda"_s;
        QTest::addRow("loopback IPv6 stays") << u"bind ::1"_s << u"bind ::1"_s;
        // MAC and e-mail addresses.
        QTest::addRow("MAC") << u"link/ether 0c:42:a1:5e:7f:10 brd"_s << u"link/ether mac-01 brd"_s;
        QTest::addRow("MAC with dashes, same alias") << u"0C-42-A1-5E-7F-10"_s << u"mac-01"_s;
        QTest::addRow("e-mail") << u"mail to Jane.Doe@corp.example.com"_s << u"mail to email-01"_s;
        QTest::addRow("unseen e-mail") << u"cc ops@example.org"_s << u"cc email-x"_s;
        // Secrets.
        QTest::addRow("password in URL") << u"git clone https://bob:hunter2@git.example.com/x.git"_s
                                         << u"git clone https://[redacted]@other-host-02/x.git"_s;
        QTest::addRow("bearer token") << u"Authorization: Bearer abcdEFGH1234.xyz"_s << u"Authorization: Bearer [redacted]"_s;
        QTest::addRow("AWS key id") << u"key AKIAIOSFODNN7EXAMPLE used"_s << u"key [redacted] used"_s;
        QTest::addRow("AWS secret") << u"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"_s
                                    << u"aws_secret_access_key = [redacted]"_s;
        QTest::addRow("GitHub token") << u"token ghp_1234567890abcdefghijABCDEFGHIJ123456 ok"_s << u"token [redacted] ok"_s;
        QTest::addRow("Hugging Face token") << u"login hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"_s << u"login [redacted]"_s;
        QTest::addRow("Slack token") << u"xoxb-123456789012-abcdefghij"_s << u"[redacted]"_s;
        QTest::addRow("env token") << u"WANDB_API_KEY=0123456789abcdef HF_TOKEN=\"s3cr3tvalue\""_s
                                   << u"WANDB_API_KEY=[redacted] HF_TOKEN=\"[redacted]\""_s;
        QTest::addRow("JSON password") << u"{\"password\": \"pa55word!\"}"_s << u"{\"password\": \"[redacted]\"}"_s;
        QTest::addRow("ordinary key=value stays") << u"NCCL_IB_HCA=mlx5_0 SeqNum=812"_s << u"NCCL_IB_HCA=mlx5_0 SeqNum=812"_s;
    }
    void apply()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        const Redactor r = Redactor::fromNames(
            { u"node-1"_s, u"node-10"_s, u"node-2"_s, u"gpu-a01"_s, u"gpu-b07.cluster.example.com"_s, u"localhost"_s },
            { u"NCCL INFO Bootstrap : Using eth0:10.1.0.11<0>"_s, u"peer 10.1.0.27<49122>"_s,
                u"root=/home/alice/runs"_s, u"USER=bob"_s, u"/Users/carol/Downloads"_s,
                u"ssh gpu-a01.cluster.example.com"_s, u"nvidia-cublas-cu12==12.4.5.8"_s, u"/home/root"_s,
                u"mount nfs01.storage.example.com:/export; tracking https://mlflow.corp.example.com/api"_s,
                u"Using ens5:fe80::a00:27ff:fe4e:66a1%ens5<0> to 2001:DB8:0:0:8:800:200C:417A"_s,
                u"link/ether 0c:42:a1:5e:7f:10 owner jane.doe@corp.example.com"_s, u"bind ::1 at 10:22:33"_s,
                u"torch.distributed.elastic.multiprocessing.errors https://github.com/pytorch/pytorch"_s,
                u"git clone https://bob:hunter2@git.example.com/x.git"_s });
        QCOMPARE(r.apply(input), expected);
    }

    void numberingIsDeterministic()
    {
        const Redactor a = Redactor::fromNames({ u"gpu-b"_s, u"gpu-a"_s, u"gpu-c"_s }, { u"10.0.0.9 10.0.0.10"_s });
        const Redactor b = Redactor::fromNames({ u"gpu-c"_s, u"gpu-a"_s, u"gpu-b"_s }, { u"10.0.0.10 10.0.0.9"_s });
        QCOMPARE(a.apply(u"gpu-a gpu-b gpu-c 10.0.0.9 10.0.0.10"_s), u"node-01 node-02 node-03 ip-01 ip-02"_s);
        QCOMPARE(b.apply(u"gpu-a gpu-b gpu-c 10.0.0.9 10.0.0.10"_s), u"node-01 node-02 node-03 ip-01 ip-02"_s);
    }

    void aliasesNeverNameAnotherHost()
    {
        // Real hosts already called node-01 and node-02: node-01 must not become node-02's alias.
        const Redactor r = Redactor::fromNames({ u"node-02"_s, u"node-01"_s }, {});
        QCOMPARE(r.apply(u"node-01 node-02"_s), u"host-01 host-02"_s);
    }

    void wideJobsGetWiderNumbers()
    {
        QStringList hosts;
        for (int i = 0; i < 120; ++i)
            hosts.append(u"h%1x"_s.arg(i));
        const Redactor r = Redactor::fromNames(hosts, {});
        QCOMPARE(r.apply(u"h0x"_s), u"node-001"_s);
        QCOMPARE(r.apply(u"h119x"_s), u"node-120"_s);
    }

    void learnsEverythingFromAResult()
    {
        Warnings w;
        const auto kb = kb::KnowledgeBase::open(
            QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
        ingest::IngestConfig cfg;
        cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*kb);
        const auto in = ingest::Ingestor::run(
            { QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/version-conflict") }, cfg);
        const auto result = analysis::Analyzer::run(in, *kb);
        const Redactor r = Redactor::fromResult(*result, { u"ssh alice@gpu-a01 from /home/alice"_s });
        QStringList originals;
        for (const Redactor::Alias &a : r.aliases())
            originals.append(a.original);
        for (const QString &o : { u"gpu-a01"_s, u"gpu-b07"_s, u"10.1.0.11"_s, u"10.1.0.27"_s, u"alice"_s })
            QVERIFY2(originals.contains(o), qPrintable(originals.join(u", "_s)));
        const QString summary = r.apply(result->verdict.summary);
        QVERIFY2(summary.startsWith(u"Rank 2 on node node-02 started the failure"_s), qPrintable(summary));
        QCOMPARE(r.apply(u"ssh alice@gpu-a01 from /home/alice"_s), u"ssh user-01@node-01 from /home/user-01"_s);
        for (const analysis::ChainStep &s : result->verdict.chain) {
            const QString text = r.apply(s.evidence.text + u' ' + s.why + u' ' + s.evidence.node);
            for (const QString &o : std::as_const(originals))
                QVERIFY2(!text.contains(o, Qt::CaseInsensitive), qPrintable(text));
        }
    }
};

QTEST_GUILESS_MAIN(TestRedactor)
#include "tst_redactor.moc"
