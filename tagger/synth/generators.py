"""Random CSL-JSON items for what the annotated corpora lack: Chinese authors (Han characters
and pinyin), Chinese titles and journals, DOIs, page ranges, volume/issue, conference papers
with place and publisher, theses, reports and web pages with URL and access date.

Every function takes a `random.Random`, so a seed fixes the output.
"""

# (Han, pinyin) surnames and given-name syllables.
SURNAMES = [
    ("王", "Wang"), ("李", "Li"), ("张", "Zhang"), ("刘", "Liu"), ("陈", "Chen"), ("杨", "Yang"),
    ("赵", "Zhao"), ("黄", "Huang"), ("周", "Zhou"), ("吴", "Wu"), ("徐", "Xu"), ("孙", "Sun"),
    ("胡", "Hu"), ("朱", "Zhu"), ("高", "Gao"), ("林", "Lin"), ("何", "He"), ("郭", "Guo"),
    ("马", "Ma"), ("罗", "Luo"), ("梁", "Liang"), ("宋", "Song"), ("郑", "Zheng"), ("谢", "Xie"),
    ("韩", "Han"), ("唐", "Tang"), ("冯", "Feng"), ("于", "Yu"), ("董", "Dong"), ("萧", "Xiao"),
    ("程", "Cheng"), ("曹", "Cao"), ("袁", "Yuan"), ("邓", "Deng"), ("许", "Xu"), ("傅", "Fu"),
    ("沈", "Shen"), ("曾", "Zeng"), ("彭", "Peng"), ("吕", "Lv"), ("苏", "Su"), ("卢", "Lu"),
    ("蒋", "Jiang"), ("蔡", "Cai"), ("贾", "Jia"), ("丁", "Ding"), ("魏", "Wei"), ("薛", "Xue"),
    ("叶", "Ye"), ("阎", "Yan"), ("欧阳", "Ouyang"), ("司马", "Sima"),
]
GIVEN_SYLLABLES = [
    ("天", "Tian"), ("奇", "Qi"), ("俊", "Jun"), ("伟", "Wei"), ("芳", "Fang"), ("娜", "Na"),
    ("敏", "Min"), ("静", "Jing"), ("丽", "Li"), ("强", "Qiang"), ("磊", "Lei"), ("军", "Jun"),
    ("洋", "Yang"), ("勇", "Yong"), ("艳", "Yan"), ("杰", "Jie"), ("涛", "Tao"), ("明", "Ming"),
    ("超", "Chao"), ("秀", "Xiu"), ("霞", "Xia"), ("平", "Ping"), ("刚", "Gang"), ("桂", "Gui"),
    ("英", "Ying"), ("华", "Hua"), ("建", "Jian"), ("国", "Guo"), ("志", "Zhi"), ("文", "Wen"),
    ("晓", "Xiao"), ("东", "Dong"), ("海", "Hai"), ("鹏", "Peng"), ("宇", "Yu"), ("浩", "Hao"),
    ("博", "Bo"), ("辉", "Hui"), ("飞", "Fei"), ("凯", "Kai"), ("智", "Zhi"), ("雪", "Xue"),
]

ZH_METHODS = ["深度学习", "强化学习", "图神经网络", "联邦学习", "知识图谱", "注意力机制", "区块链",
              "差分隐私", "符号执行", "模糊测试", "程序切片", "预训练语言模型", "对比学习",
              "迁移学习", "多目标优化", "遗传算法", "形式化验证", "静态分析"]
ZH_OBJECTS = ["软件缺陷预测", "代码克隆检测", "智能合约漏洞检测", "分布式训练", "边缘计算任务调度",
              "云存储数据去重", "恶意代码检测", "推荐系统", "时间序列异常检测", "图像语义分割",
              "文本分类", "数据库查询优化", "网络流量分类", "移动应用测试", "编译器优化",
              "操作系统内核", "数据中心网络", "开源软件供应链"]
ZH_ENDINGS = ["方法", "研究", "技术研究", "综述", "研究进展", "框架", "算法", "方法研究",
              "模型", "关键技术"]
# (Chinese name, English name as Journal of Software lists it, usual place of publication)
ZH_JOURNALS = [
    ("软件学报", "Ruan Jian Xue Bao/Journal of Software", "北京"),
    ("计算机学报", "Chinese Journal of Computers", "北京"),
    ("中国科学: 信息科学", "Scientia Sinica Informationis", "北京"),
    ("计算机研究与发展", "Journal of Computer Research and Development", "北京"),
    ("自动化学报", "Acta Automatica Sinica", "北京"),
    ("电子学报", "Acta Electronica Sinica", "北京"),
    ("通信学报", "Journal on Communications", "北京"),
    ("计算机科学", "Computer Science", "重庆"),
    ("清华大学学报(自然科学版)", "Journal of Tsinghua University (Science and Technology)", "北京"),
    ("中文信息学报", "Journal of Chinese Information Processing", "北京"),
    ("计算机工程", "Computer Engineering", "上海"),
    ("计算机应用", "Journal of Computer Applications", "成都"),
    ("电子与信息学报", "Journal of Electronics & Information Technology", "北京"),
    ("计算机辅助设计与图形学学报", "Journal of Computer-Aided Design & Computer Graphics", "北京"),
]
ZH_PUBLISHERS = [("北京", "科学出版社"), ("北京", "清华大学出版社"), ("北京", "高等教育出版社"),
                 ("北京", "机械工业出版社"), ("北京", "电子工业出版社"), ("上海", "上海交通大学出版社")]
ZH_UNIVERSITIES = [("北京", "清华大学"), ("北京", "北京大学"), ("杭州", "浙江大学"),
                   ("上海", "复旦大学"), ("南京", "南京大学"), ("合肥", "中国科学技术大学"),
                   ("武汉", "华中科技大学"), ("哈尔滨", "哈尔滨工业大学")]

EN_ADJECTIVES = ["Efficient", "Scalable", "Robust", "Adaptive", "Distributed", "Federated",
                 "Lightweight", "Secure", "Automated", "Incremental", "Explainable", "Fast",
                 "Accurate", "Privacy-preserving", "Energy-efficient", "Fault-tolerant"]
EN_METHODS = ["graph neural networks", "reinforcement learning", "contrastive learning",
              "symbolic execution", "program synthesis", "transformers", "knowledge distillation",
              "static analysis", "fuzzing", "differential privacy", "model checking",
              "large language models", "gradient compression", "collective communication"]
EN_TASKS = ["vulnerability detection", "code search", "data parallel training", "log parsing",
            "anomaly detection", "query optimization", "image segmentation", "entity resolution",
            "smart contract analysis", "resource scheduling", "test generation",
            "traffic classification", "bug localization", "deduplication in cloud storage"]
EN_SURNAMES = ["Smith", "Johnson", "Müller", "Garcia", "Rossi", "Dubois", "Kim", "Nguyen",
               "Tanaka", "Kowalski", "Silva", "Novak", "Andersson", "O'Brien", "van der Berg",
               "Romero", "Laanait", "Patel", "Ivanov", "Schmidt"]
EN_GIVEN = ["John", "Maria", "Wei", "Anna", "David", "Sofia", "Michael", "Elena", "James",
            "Laura", "Pierre", "Yuki", "Ahmed", "Olga", "Thomas", "Jean-Luc", "Nouamane"]
EN_JOURNALS = ["IEEE Transactions on Software Engineering", "ACM Computing Surveys",
               "Journal of Systems and Software", "Information and Software Technology",
               "IEEE Transactions on Parallel and Distributed Systems", "Pattern Recognition",
               "Neural Networks", "Empirical Software Engineering", "Future Generation Computer Systems",
               "IEEE Transactions on Knowledge and Data Engineering", "Science China Information Sciences",
               "Frontiers of Computer Science", "Journal of Computer Science and Technology"]
# (proceedings title, place, publisher); "{n}" is an edition number, "{nth}" its ordinal. The places and publishers
# vary as real proceedings give them: several words, a stop ("St. Louis"), "Virtual Event".
EN_CONFERENCES = [
    ("Proc. of the {nth} USENIX Symp. on Networked Systems Design and Implementation", "Renton", "USENIX"),
    ("Proc. of the {nth} ACM SIGSAC Conf. on Computer and Communications Security", "New York", "ACM"),
    ("Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition", "Piscataway", "IEEE"),
    ("Proc. of the {nth} Int'l Conf. on Software Engineering", "Pittsburgh", "ACM"),
    ("Proceedings of the {nth} International Conference on Machine Learning", "Baltimore", "PMLR"),
    ("Proc. of the {nth} Annual Meeting of the Association for Computational Linguistics", "Stroudsburg", "ACL"),
    ("Proceedings of the {nth} ACM Symposium on Operating Systems Principles", "New York", "ACM"),
    ("Proc. of the {nth} IEEE Int'l Conf. on Data Engineering", "Los Alamitos", "IEEE Computer Society"),
    ("Advances in Neural Information Processing Systems {n}", "Red Hook", "Curran Associates"),
    ("Proc. of the {nth} European Conf. on Computer Systems", "Cham", "Springer"),
    ("Proc. of the {nth} Int’l Conf. on Very Large Data Bases", "Rio de Janeiro", "VLDB Endowment"),
    ("Proc. of the {nth} ACM SIGMOD Int’l Conf. on Management of Data", "Portland", "ACM"),
    ("Proc. of the {nth} Int’l World Wide Web Conf.", "Ljubljana", "ACM"),
    ("Proc. of the {nth} AAAI Conf. on Artificial Intelligence", "Palo Alto", "AAAI Press"),
    ("Proc. of the {nth} Int’l Joint Conf. on Artificial Intelligence", "Macao", "IJCAI.org"),
    ("Proc. of the {nth} Int’l Conf. on Learning Representations", "Kigali", "OpenReview.net"),
    ("Proc. of the {nth} Conf. on Empirical Methods in Natural Language Processing", "Punta Cana", "ACL"),
    ("Proc. of the {nth} ACM SIGSOFT Int’l Symp. on Software Testing and Analysis", "Virtual Event", "ACM"),
    ("Proc. of the {nth} ACM Joint Meeting on European Software Engineering Conf. and Symp. on the Foundations of Software Engineering", "San Francisco", "ACM"),
    ("Proc. of the {nth} IEEE/ACM Int’l Conf. on Automated Software Engineering", "Ann Arbor", "IEEE"),
    ("Proc. of the {nth} USENIX Conf. on File and Storage Technologies", "Santa Clara", "USENIX Association"),
    ("Proc. of the {nth} USENIX Security Symp.", "Anaheim", "USENIX Association"),
    ("Proc. of the {nth} Int’l Symp. on Computer Architecture", "Buenos Aires", "IEEE"),
    ("Proc. of the {nth} ACM SIGPLAN Conf. on Programming Language Design and Implementation", "Phoenix", "ACM"),
    ("Proc. of the {nth} Annual Int’l Conf. on Mobile Computing and Networking", "Los Cabos", "ACM"),
    ("Proc. of the {nth} IEEE Int’l Parallel and Distributed Processing Symp.", "St. Petersburg", "IEEE"),
    ("Proc. of the {nth} Int’l Conf. on Artificial Intelligence and Statistics", "Naha", "PMLR"),
    ("Proc. of the {nth} Int’l Conf. on Distributed Computing Systems", "Hong Kong", "IEEE"),
    ("Proc. of the {nth} ACM Symp. on Cloud Computing", "Santa Cruz", "ACM"),
    ("Proc. of the {nth} Annual Conf. of the Int’l Speech Communication Association", "Brno", "ISCA"),
    ("Proc. of the {nth} Int’l Conf. on High Performance Computing, Networking, Storage and Analysis", "Salt Lake City", "IEEE Press"),
    ("Proc. of the {nth} ACM Conf. on Embedded Networked Sensor Systems", "Mt. Pleasant", "ACM"),
    ("Proc. of the {nth} Int’l Conf. on Computational Linguistics", "Gyeongju", "Int’l Committee on Computational Linguistics"),
    ("Proc. of the {nth} Conf. on Uncertainty in Artificial Intelligence", "Ft. Collins", "AUAI Press"),
    ("Proc. of the {nth} Int’l Conf. on Knowledge Discovery and Data Mining", "Washington, D.C.", "ACM"),
    ("Proc. of the {nth} ACM Int’l Conf. on Web Search and Data Mining", "Online", "ACM"),
    ("Proc. of the {nth} IEEE Symp. on Security and Privacy", "San Jose", "IEEE Computer Society"),
    ("Proc. of the {nth} Int’l Conf. on Machine Learning and Systems", "Santa Clara", "MLSys"),
    ("Proc. of the {nth} USENIX Annual Technical Conf.", "Carlsbad", "USENIX"),
    ("Proc. of the {nth} China National Computer Congress", "Beijing", "China Computer Federation"),
]
EN_PUBLISHERS = [("Cambridge", "MIT Press"), ("New York", "Springer"), ("Boston", "Addison-Wesley"),
                 ("Hoboken", "Wiley"), ("Oxford", "Oxford University Press"), ("Beijing", "Science Press")]
EN_UNIVERSITIES = [("Stanford", "Stanford University"), ("Beijing", "Tsinghua University"),
                   ("Berkeley", "University of California"), ("Cambridge", "MIT"),
                   ("Hangzhou", "Zhejiang University"), ("Pittsburgh", "Carnegie Mellon University")]
THESIS_GENRES = ["PhD thesis", "Ph.D. Thesis", "Doctoral dissertation", "Master's thesis",
                 "博士学位论文", "硕士学位论文"]
REPORT_GENRES = ["Technical Report", "Tech. Rep.", "Research Report", "White paper"]
WEB_SITES = ["https://www.tensorflow.org/guide/{w}", "https://github.com/{w}/{w}",
             "http://www.cnki.net/kcms/detail/{w}.html", "https://arxiv.org/abs/{n}.{m}",
             "https://www.usenix.org/conference/{w}", "https://docs.python.org/3/library/{w}.html"]
DOI_PREFIXES = ["10.1007", "10.1145", "10.1109", "10.1016", "10.13328/j.cnki.jos", "10.11897/SP.J.1016",
                "10.7544/issn1000-1239", "10.1360/SSI", "10.48550/arXiv"]


def pinyin_name(rng):
    """A pinyin name: family 'Chen', given 'Tianqi' / 'Tian-Qi' / 'Tian Qi' / 'Qi' so styles
    render 'Chen T' / 'Chen T-Q' / 'Chen TQ' / 'Chen T Q' variants."""
    family = rng.choice(SURNAMES)[1]
    syllables = [rng.choice(GIVEN_SYLLABLES)[1] for _ in range(rng.choice((1, 2, 2, 2)))]
    if len(syllables) == 1:
        return {"family": family, "given": syllables[0]}
    first, second = syllables
    given = rng.choice([first + second.lower(), first + "-" + second, first + " " + second])
    return {"family": family, "given": given}


def han_name(rng):
    """A name in Han characters, kept whole: CSL would put a space between family and given."""
    family = rng.choice(SURNAMES)[0]
    given = "".join(rng.choice(GIVEN_SYLLABLES)[0] for _ in range(rng.choice((1, 2, 2))))
    return {"literal": family + given}


def western_name(rng):
    given = rng.choice(EN_GIVEN)
    if rng.random() < 0.3:
        given += " " + rng.choice("ABCDEFGHJKLMNPRSTW") + "."
    return {"family": rng.choice(EN_SURNAMES), "given": given}


def authors(rng, make_name, count=None):
    count = count or rng.choice((1, 2, 2, 3, 3, 4, 5, 6, 8))
    return [make_name(rng) for _ in range(count)]


def chinese_title(rng):
    return rng.choice(ZH_METHODS) + "的" + rng.choice(ZH_OBJECTS) + rng.choice(ZH_ENDINGS)


def english_title(rng):
    form = rng.randrange(4)
    method, task = rng.choice(EN_METHODS), rng.choice(EN_TASKS)
    if form == 0:
        return f"{rng.choice(EN_ADJECTIVES)} {task} with {method}"
    if form == 1:
        return f"Towards {rng.choice(EN_ADJECTIVES).lower()} {task}: A study of {method}"
    if form == 2:
        return f"{method.capitalize()} for {task}"
    return f"A survey on {method} in {task}"


def doi(rng, year):
    prefix = rng.choice(DOI_PREFIXES)
    if prefix.startswith("10.13328"):
        return f"{prefix}.{rng.randrange(5000, 7200):06d}"
    if prefix.startswith("10.48550"):
        return f"{prefix}.{year % 100:02d}{rng.randrange(1, 13):02d}.{rng.randrange(10000):05d}"
    if prefix.startswith(("10.11897", "10.7544")):
        return f"{prefix}.{year}.{rng.randrange(100, 999):05d}"
    if prefix == "10.1360/SSI":
        return f"{prefix}-{year}-{rng.randrange(1000):04d}"
    return f"{prefix}/{rng.choice(['978-3-030-', 's', 'j.jss.', ''])}{rng.randrange(10**4, 10**8)}"


def page_range(rng):
    first = rng.randrange(1, 3000)
    return f"{first}-{first + rng.randrange(1, 30)}"


def year(rng):
    return rng.randrange(1995, 2026)


def issued(value):
    return {"date-parts": [[value]]}


def chinese_journal_article(rng, item_id):
    """A paper in a Chinese journal, either in Chinese or as its English reference."""
    zh_name, en_name, _ = rng.choice(ZH_JOURNALS)
    in_chinese = rng.random() < 0.5
    value = year(rng)
    item = {"id": item_id, "type": "article-journal",
            "author": authors(rng, han_name if in_chinese else pinyin_name),
            "title": chinese_title(rng) if in_chinese else english_title(rng),
            "container-title": zh_name if in_chinese else en_name,
            "issued": issued(value), "volume": str(value - 1989 if rng.random() < 0.7 else rng.randrange(1, 60)),
            "issue": str(rng.randrange(1, 13)), "page": page_range(rng)}
    if in_chinese:
        item["language"] = "zh-CN"
    if rng.random() < 0.6:
        item["DOI"] = doi(rng, value)
    return item


def _numbered(name: str, number: int) -> str:
    """A proceedings' title with its edition: "43rd", "11th", "22nd"."""
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return name.format(n=number, nth=f"{number}{suffix}")


def conference_paper(rng, item_id):
    name, place, publisher = rng.choice(EN_CONFERENCES)
    value = year(rng)
    item = {"id": item_id, "type": "paper-conference",
            "author": authors(rng, rng.choice((pinyin_name, pinyin_name, western_name))),
            "title": english_title(rng), "container-title": _numbered(name, rng.randrange(10, 45)),
            "publisher": publisher, "issued": issued(value)}
    if rng.random() < 0.8:  # some proceedings give their publisher alone
        item["publisher-place"] = place
    if rng.random() < 0.85:
        item["page"] = page_range(rng)
    if rng.random() < 0.5:
        item["DOI"] = doi(rng, value)
    return item


def journal_article(rng, item_id):
    value = year(rng)
    item = {"id": item_id, "type": "article-journal",
            "author": authors(rng, rng.choice((pinyin_name, western_name))),
            "title": english_title(rng), "container-title": rng.choice(EN_JOURNALS),
            "issued": issued(value), "volume": str(rng.randrange(1, 60)),
            "issue": str(rng.randrange(1, 13)), "page": page_range(rng)}
    if rng.random() < 0.7:
        item["DOI"] = doi(rng, value)
    return item


def thesis(rng, item_id):
    in_chinese = rng.random() < 0.5
    place, school = rng.choice(ZH_UNIVERSITIES if in_chinese else EN_UNIVERSITIES)
    genres = THESIS_GENRES[4:] if in_chinese else THESIS_GENRES[:4]
    item = {"id": item_id, "type": "thesis",
            "author": [han_name(rng) if in_chinese else rng.choice((pinyin_name, western_name))(rng)],
            "title": chinese_title(rng) if in_chinese else english_title(rng),
            "genre": rng.choice(genres), "publisher": school, "publisher-place": place,
            "issued": issued(year(rng))}
    if in_chinese:
        item["language"] = "zh-CN"
    return item


def report(rng, item_id):
    place, school = rng.choice(EN_UNIVERSITIES)
    return {"id": item_id, "type": "report",
            "author": authors(rng, rng.choice((pinyin_name, western_name)), rng.choice((1, 2, 3))),
            "title": english_title(rng), "genre": rng.choice(REPORT_GENRES),
            "number": f"{rng.choice(['TR', 'CS-TR', 'MSR-TR'])}-{year(rng)}-{rng.randrange(1, 99)}",
            "publisher": school, "publisher-place": place, "issued": issued(year(rng))}


def book(rng, item_id):
    in_chinese = rng.random() < 0.4
    place, publisher = rng.choice(ZH_PUBLISHERS if in_chinese else EN_PUBLISHERS)
    item = {"id": item_id, "type": "book",
            "author": authors(rng, han_name if in_chinese else western_name, rng.choice((1, 2, 3))),
            "title": chinese_title(rng) if in_chinese else english_title(rng),
            "publisher": publisher, "publisher-place": place, "issued": issued(year(rng))}
    if rng.random() < 0.3:
        item["edition"] = str(rng.randrange(2, 6))
    if in_chinese:
        item["language"] = "zh-CN"
    return item


# Software and services cited as web pages with no author ("Redis[EB/OL].[2021-08-12].https://…").
WEB_PROJECTS = [("Apache Spark", "https://spark.apache.org/"), ("etcd", "https://etcd.io/"),
                ("Redis", "https://redis.io/"), ("PostgreSQL", "https://www.postgresql.org/"),
                ("Docker", "https://www.docker.com/"), ("Apache Kafka", "https://kafka.apache.org/"),
                ("MXNet", "https://github.com/apache/mxnet"), ("Ray", "https://github.com/ray-project/ray"),
                ("TensorFlow Serving", "https://github.com/tensorflow/serving"),
                ("ONNX Runtime", "https://onnxruntime.ai/"), ("Prometheus", "https://prometheus.io/"),
                ("Apache Flink", "https://flink.apache.org/"), ("MindSpore", "https://www.mindspore.cn/"),
                ("PaddlePaddle", "https://github.com/PaddlePaddle/Paddle"), ("Jepsen", "https://jepsen.io/"),
                ("OpenStack", "https://www.openstack.org/"), ("Hugging Face Transformers", "https://github.com/huggingface/transformers"),
                ("MPICH", "https://www.mpich.org/"), ("Alibaba Cluster Trace Program", "https://github.com/alibaba/clusterdata"),
                ("Scaling to 2 048 GPUs", "https://example.org/blog/scaling"), ("TPC-H", "https://www.tpc.org/tpch/")]


def webpage(rng, item_id):
    value = year(rng)
    accessed = {"date-parts": [[min(value + rng.randrange(0, 3), 2025), rng.randrange(1, 13),
                                rng.randrange(1, 29)]]}
    if rng.random() < 0.35:  # a project's page: no author, often no date but the access date
        title, url = rng.choice(WEB_PROJECTS)
        item = {"id": item_id, "type": "webpage", "title": title, "URL": url, "accessed": accessed}
        if rng.random() < 0.3:
            item["issued"] = issued(value)
        return item
    words = rng.choice(EN_TASKS).split()
    url = rng.choice(WEB_SITES).format(w="-".join(words[:2]), n=rng.randrange(1500, 2500),
                                       m=rng.randrange(10000, 99999))
    return {"id": item_id, "type": "webpage",
            "author": authors(rng, rng.choice((pinyin_name, western_name)), rng.choice((1, 2))),
            "title": english_title(rng), "URL": url, "issued": issued(value), "accessed": accessed}


GENERATORS = [chinese_journal_article, chinese_journal_article, conference_paper,
              journal_article, thesis, report, book, webpage]


def generated_item(rng, item_id):
    """One random item of a random kind."""
    return rng.choice(GENERATORS)(rng, item_id)


# German humanities and social science: names, places, publishers and journals as German
# reference lists give them, and titles made of German nouns.
DE_SURNAMES = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
               "Schulz", "Hoffmann", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder",
               "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann",
               "Lange", "Werner", "Krause", "Lehmann", "Köhler", "Maier", "Frank", "Groß",
               "Jäger", "Vogel", "Brandt", "Haas", "Sommer", "Graf", "Dietrich", "Kaiser",
               "von Trotha", "Kaufmann", "Ostermann-Heß", "Bühler", "Strätz", "Aßmann"]
DE_GIVEN = ["Hans", "Jürgen", "Ulrich", "Karl", "Wolfgang", "Peter", "Uwe", "Heinz", "Dieter",
            "Klaus", "Monika", "Ursula", "Renate", "Gabriele", "Andrea", "Sabine", "Martina",
            "Thomas", "Michael", "Stefan", "Andreas", "Christoph", "Hans-Georg", "Karl-Heinz",
            "Anna-Lena", "Friederike", "Katharina", "Jörg", "Günter", "Lutz", "Armin", "Birgit"]
DE_NOUNS = ["Gesellschaft", "Moderne", "Öffentlichkeit", "Erinnerung", "Arbeit", "Bildung",
            "Herrschaft", "Identität", "Ungleichheit", "Kultur", "Religion", "Nation", "Staat",
            "Familie", "Generation", "Migration", "Stadt", "Wissen", "Macht", "Geschichte",
            "Sozialstruktur", "Lebenslauf", "Demokratie", "Verwaltung", "Kapitalismus",
            "Individualisierung", "Anerkennung", "Institution", "Biographie", "Milieu"]
DE_ADJECTIVES = ["soziale", "politische", "bürgerliche", "moderne", "kulturelle", "deutsche",
                 "europäische", "städtische", "religiöse", "digitale", "historische"]
DE_SUBTITLE_STARTS = ["Zur Theorie der", "Studien zur", "Untersuchungen zur", "Beiträge zur",
                      "Perspektiven der", "Eine Geschichte der", "Grundzüge einer Soziologie der",
                      "Zur Semantik der", "Befunde zur", "Aspekte der"]
DE_PLACES_PUBLISHERS = [
    ("Frankfurt a.M.", "Suhrkamp"), ("Frankfurt am Main", "Suhrkamp"), ("Berlin", "Suhrkamp"),
    ("München", "C.H. Beck"), ("München", "Beck"), ("Frankfurt a.M./New York", "Campus"),
    ("Frankfurt/M.", "Campus"), ("Wiesbaden", "Springer VS"), ("Wiesbaden", "VS Verlag für Sozialwissenschaften"),
    ("Opladen", "Westdeutscher Verlag"), ("Opladen", "Leske + Budrich"), ("Tübingen", "Mohr Siebeck"),
    ("Göttingen", "Vandenhoeck & Ruprecht"), ("Stuttgart", "Klett-Cotta"), ("Stuttgart", "Kohlhammer"),
    ("Bielefeld", "transcript"), ("Baden-Baden", "Nomos"), ("Berlin", "Duncker & Humblot"),
    ("Berlin/Boston", "De Gruyter"), ("Göttingen", "Wallstein"), ("Hamburg", "Hamburger Edition"),
    ("Weinheim/Basel", "Beltz Juventa"), ("Konstanz", "UVK"), ("Paderborn", "Schöningh"),
    ("Reinbek bei Hamburg", "Rowohlt"), ("Darmstadt", "Wissenschaftliche Buchgesellschaft"),
    ("Köln/Weimar/Wien", "Böhlau"), ("Bonn", "Dietz"), ("Hamburg", "Hoffmann und Campe"),
    ("Wien", "Passagen"), ("Zürich", "Diaphanes"), ("Leipzig", "Leipziger Universitätsverlag"),
]
DE_JOURNALS = ["Kölner Zeitschrift für Soziologie und Sozialpsychologie", "Zeitschrift für Soziologie",
               "Soziale Welt", "Geschichte und Gesellschaft", "Vierteljahrshefte für Zeitgeschichte",
               "Historische Zeitschrift", "Leviathan", "Politische Vierteljahresschrift",
               "Berliner Journal für Soziologie", "Zeitschrift für Pädagogik", "Merkur",
               "Österreichische Zeitschrift für Soziologie", "Sozialer Sinn", "WSI-Mitteilungen",
               "Archiv für Sozialgeschichte", "Zeitschrift für Geschichtswissenschaft",
               "Soziologische Revue", "Mittelweg 36", "KZfSS", "ZfS"]


def german_name(rng):
    return {"family": rng.choice(DE_SURNAMES), "given": rng.choice(DE_GIVEN)}


def german_title(rng):
    main = rng.choice((f"Die {rng.choice(DE_ADJECTIVES)} {rng.choice(DE_NOUNS)}",
                       f"{rng.choice(DE_NOUNS)} und {rng.choice(DE_NOUNS)}",
                       f"Die {rng.choice(DE_NOUNS)} der {rng.choice(DE_NOUNS)}",
                       f"{rng.choice(DE_NOUNS)} im {rng.randrange(17, 21)}. Jahrhundert",
                       f"„{rng.choice(DE_NOUNS)}“ als Problem",
                       f"Jenseits von {rng.choice(DE_NOUNS)} und {rng.choice(DE_NOUNS)}?"))
    if rng.random() < 0.5:
        main += f". {rng.choice(DE_SUBTITLE_STARTS)} {rng.choice(DE_NOUNS)}"
    return main


def german_item(rng, item_id):
    """A German monograph, edited volume, chapter or journal article."""
    place, publisher = rng.choice(DE_PLACES_PUBLISHERS)
    value = rng.randrange(1887, 2025)
    kind = rng.choice(("book", "book", "chapter", "article-journal", "article-journal", "edited"))
    item = {"id": item_id, "type": "book" if kind == "edited" else kind, "language": "de-DE",
            "title": german_title(rng), "issued": issued(value)}
    people = authors(rng, german_name, rng.choice((1, 1, 1, 2, 3)))
    if kind == "edited":
        item["editor"] = people
    else:
        item["author"] = people
    if kind == "article-journal":
        first = rng.randrange(1, 700)
        item.update({"container-title": rng.choice(DE_JOURNALS), "volume": str(rng.randrange(1, 75)),
                     "page": f"{first}-{first + rng.randrange(5, 40)}"})
        if rng.random() < 0.6:
            item["issue"] = str(rng.randrange(1, 6))
        return item
    item.update({"publisher": publisher, "publisher-place": place})
    if kind == "chapter":
        first = rng.randrange(1, 500)
        item.update({"container-title": german_title(rng),
                     "editor": authors(rng, german_name, rng.choice((1, 2, 3))),
                     "page": f"{first}-{first + rng.randrange(8, 40)}"})
    if rng.random() < 0.2:
        item["edition"] = str(rng.randrange(2, 9))
    if rng.random() < 0.15:
        item["volume"] = str(rng.randrange(1, 5))
    return item


# APA 7's bracketed descriptions: theses with their school, data sets, software, videos, reports.
APA_THESES = ["Doctoral dissertation", "Master’s thesis", "Master's thesis", "Doctoral thesis",
              "Bachelor’s thesis", "Habilitation thesis", "Diploma thesis"]
APA_SCHOOLS = ["University of Michigan", "Stanford University", "University of Toronto",
               "Universität Heidelberg", "Massachusetts Institute of Technology", "McGill University",
               "University of California, Los Angeles", "ETH Zürich", "Tsinghua University",
               "The University of Texas at Austin", "King’s College London", "Université Laval",
               "University of Wisconsin–Madison", "Carnegie Mellon University", "Aarhus University",
               "The College of William & Mary", "Pennsylvania State University", "KU Leuven"]
APA_ARCHIVES = ["ProQuest Dissertations and Theses Global", "ProQuest Dissertations Publishing",
                "Deep Blue Repository", "TSpace", "eScholarship", "OhioLINK Electronic Theses and Dissertations Center",
                "Research Collection", "heiDOK", "UBC Theses and Dissertations"]
APA_MEDIA = [("dataset", "Data set"), ("dataset", "Dataset"), ("software", "Computer software"),
             ("motion_picture", "Video"), ("song", "Audio podcast episode"), ("report", "Technical report"),
             ("article", "Preprint"), ("speech", "Conference presentation"), ("graphic", "Infographic"),
             ("report", "White paper"), ("motion_picture", "Film"), ("book", "Audiobook")]
APA_PUBLISHERS = ["Zenodo", "Harvard Dataverse", "figshare", "OSF", "YouTube", "Vimeo", "PsyArXiv",
                  "SSRN", "Pew Research Center", "World Health Organization", "GitHub", "Kaggle",
                  "National Center for Education Statistics", "U.S. Census Bureau", "Spotify", "TED Conferences"]


def apa_item(rng, item_id):
    """An item APA 7 describes in brackets after its title."""
    value = year(rng)
    people = authors(rng, western_name, rng.choice((1, 1, 2, 3)))
    title = english_title(rng)
    if rng.random() < 0.45:
        item = {"id": item_id, "type": "thesis", "author": people[:1], "title": title,
                "genre": rng.choice(APA_THESES), "publisher": rng.choice(APA_SCHOOLS),
                "issued": issued(value)}
        if rng.random() < 0.6:
            item["archive"] = rng.choice(APA_ARCHIVES)
        return item
    kind, genre = rng.choice(APA_MEDIA)
    item = {"id": item_id, "type": kind, "author": people, "title": title, "genre": genre,
            "publisher": rng.choice(APA_PUBLISHERS), "issued": issued(value)}
    if kind in ("dataset", "software") and rng.random() < 0.4:
        item["version"] = f"{rng.randrange(0, 5)}.{rng.randrange(0, 20)}"
    if rng.random() < 0.7:
        item["URL"] = f"https://example.org/{'-'.join(title.lower().split()[:3])}"
    return item
