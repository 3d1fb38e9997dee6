"""Traditional Chinese read as Simplified: one character for one, so offsets and lengths stay the same.

Contracts from Hong Kong, Taiwan and Macau are drafted in Traditional characters (第十條, 轉讓方, 終止, 個月), while
the parser's markers and the review positions' cues are written in Simplified ones (第十条, 转让方, 终止, 个月).
Rather than write every cue twice, the text a pattern is matched against is read through this table. It maps
characters, not words: it covers the characters contracts use (parties, money, time, rights and remedies,
disputes), and a character it does not know is left as it is. Quotes are always taken from the original text.
"""

from __future__ import annotations

import re

# Pairs of (Traditional, Simplified), one character each; written as two parallel strings in groups for review.
_PAIRS = [
    ("條協議約轉讓價責賠償務權義與於後個內們應當對將時間關係際實現發無須說請這為會經過還進動員",
     "条协议约转让价责赔偿务权义与于后个内们应当对将时间关系际实现发无须说请这为会经过还进动员"),
    ("買賣貨費貸資產業據數額總計證書記錄稅險擔護處變屬歸禮單讀論訴訟審決爭調辦報紙網絡電話腦碼檔傳輸",
     "买卖货费贷资产业据数额总计证书记录税险担护处变属归礼单读论诉讼审决争调办报纸网络电话脑码档传输"),
    ("開閉門問題顧購銷營運維復齊廠廣區縣鄉鎮華東車軍陸臺灣國園圖團圍場壞壓張強彈錢銀鐵鋼錯鍵長陳陣陰陽",
     "开闭门问题顾购销营运维复齐厂广区县乡镇华东车军陆台湾国园图团围场坏压张强弹钱银铁钢错键长陈阵阴阳"),
    ("階隊隨隱難雙雜離靈韓頁頂項順預領頭顯風飛養餘館馬驗體髮鬥魚鳥麥黃點齡龍亞億僅儲優兩準劃劑勞勢勵勝",
     "阶队随隐难双杂离灵韩页顶项顺预领头显风飞养余馆马验体发斗鱼鸟麦黄点龄龙亚亿仅储优两准划剂劳势励胜"),
    ("卻參號嚴囑執塊夠夥奪奮婦學寧寫專尋導屆層島帳幣師帶幫幹廢廳彙徵從徹恆惡愛態慮懷戰戶擇擁擊擬擴攜敗",
     "却参号严嘱执块够伙夺奋妇学宁写专寻导届层岛账币师带帮干废厅汇征从彻恒恶爱态虑怀战户择拥击拟扩携败"),
    ("敘斷暫曆棄極構標樣歐歲歷殘毀氣決沒況減測滅滿漢潔災煙熱牽狀獨獲獎環畢異疊盜監盡確礎禍種稱穩積窮競",
     "叙断暂历弃极构标样欧岁历残毁气决没况减测灭满汉洁灾烟热牵状独获奖环毕异叠盗监尽确础祸种称稳积穷竞"),
    ("筆節範築簡簽籌紀級紛組細終結給統絕綜緊線締編緣練縮績繳繼續罰羅習聯聲聽職肅脅腳臨舉舊藝萬葉著蓋蘭",
     "笔节范筑简签筹纪级纷组细终结给统绝综紧线缔编缘练缩绩缴继续罚罗习联声听职肃胁脚临举旧艺万叶着盖兰"),
    ("虧術衛衝補裝製複見規視覽親覺觀訂認討訓託許設訪評詞試詳該誠誤誰課談諒諾謀謂講謝識譯豐負財販貫貴貿",
     "亏术卫冲补装制复见规视览亲觉观订认讨训托许设访评词试详该诚误谁课谈谅诺谋谓讲谢识译丰负财贩贯贵贸"),
    ("賦質賬賴贈趕趨跡躍軌較載輔輕轄農迴連遊達違遠適遲遷選遺邊鄰醫釋針鎖鑑閱隸雖頒頻類飯驅黨損啟盤獻濟",
     "赋质账赖赠赶趋迹跃轨较载辅轻辖农回连游达违远适迟迁选遗边邻医释针锁鉴阅隶虽颁频类饭驱党损启盘献济"),
    ("繫檢糾憑徑貳陸萬億週於餘嗎麼們個紐約務覆蓋擔獨佔險儘們倉倆側偵傑備傭債傷傾僱億價儀償優儲兒兌冊凈",
     "系检纠凭径贰陆万亿周于余吗么们个纽约务复盖担独占险尽们仓俩侧侦杰备佣债伤倾雇亿价仪偿优储儿兑册净"),
    ("則剛創劇勸勻匯協卹厲厭叢吳呂員唄問啞喚喪喬單嗇嘗噴嚇團園圖圓塗塵墊墳壇壯壺壽夾奧妝娛婁嬰寬審寶將",
     "则刚创剧劝匀汇协恤厉厌丛吴吕员呗问哑唤丧乔单啬尝喷吓团园图圆涂尘垫坟坛壮壶寿夹奥妆娱娄婴宽审宝将"),
    ("屍屜岡峽崗嶺巒帥帳幀廂廈廟廠彌彎彥後徑惱惻慘慣慚慶憂憐憲憤懇懲懶懸戲攝據擠擺擾攤攬攪敵斂斕斬暈暢",
     "尸屉冈峡岗岭峦帅帐帧厢厦庙厂弥弯彦后径恼恻惨惯惭庆忧怜宪愤恳惩懒悬戏摄据挤摆扰摊揽搅敌敛斓斩晕畅"),
    ("書朧東棟棧樁檔櫃櫥權欄殼殺毆氈匯漲漿潤澀濃濕濫瀏灑灣炮烏煉煥燈燒燙爐爛牆犢猶獄獸玀瑪璽瓊甌畝畫異",
     "书胧东栋栈桩档柜橱权栏壳杀殴毡汇涨浆润涩浓湿滥浏洒湾炮乌炼焕灯烧烫炉烂墙犊犹狱兽猡玛玺琼瓯亩画异"),
    ("療癢皺盞眾睜碩確礙禪禮稟稈穀窩竊豎筍範篩簍籃糧糴紅紉級純紗納紙紡紮累細紳終絞絲綁綠網維綿緒緞締緩",
     "疗痒皱盏众睁硕确碍禅礼禀秆谷窝窃竖笋范筛篓篮粮籴红纫级纯纱纳纸纺扎累细绅终绞丝绑绿网维绵绪缎缔缓"),
    ("緻縣縫縱總繁織繞繡繪纖罈罷羨聖聞聳聶肅脫腎膚膠膽臉臟艙蘇蘆處虛號蝕蠟蠶衊補襖襲覈訃訊記訖託訥訪診註",
     "致县缝纵总繁织绕绣绘纤坛罢羡圣闻耸聂肃脱肾肤胶胆脸脏舱苏芦处虚号蚀蜡蚕蔑补袄袭核讣讯记讫托讷访诊注"),
    ("詐詔詢詫誇誌認誓誘語誣誨說誼諜諧諮諸謊謎謠謹譜譴護譽讚貝貞負貢貧貨貪貫貶賀賃賄賈賊賓賜賞賢賤賦賽",
     "诈诏询诧夸志认誓诱语诬诲说谊谍谐咨诸谎谜谣谨谱谴护誉赞贝贞负贡贫货贪贯贬贺赁贿贾贼宾赐赏贤贱赋赛"),
    ("贊趙踐蹤輛輝輩輪轉辭辯迫這逕遞遙遜郵鄭鄧醜醬釘鈔鈴鉛銅銘鋒鋪鋤錦鍋鍛鎊鎮鏡鐘鑄閃閒閥閩閣閨闊闖隻",
     "赞赵践踪辆辉辈轮转辞辩迫这迳递遥逊邮郑邓丑酱钉钞铃铅铜铭锋铺锄锦锅锻镑镇镜钟铸闪闲阀闽阁闺阔闯只"),
    ("電霧靜韋韌頌頗頸頹顆顏願顛飄飢飼飽飾餅餐饑騙騰騷驕驚驟髒鬆鬧鬱鮮鴨鵝鹽麗黴齒齣龜",
     "电雾静韦韧颂颇颈颓颗颜愿颠飘饥饲饱饰饼餐饥骗腾骚骄惊骤脏松闹郁鲜鸭鹅盐丽霉齿出龟"),
]
_KEEP = "參著覆"  # 參 is also the capital numeral three (參佰萬元), which the money reader knows (参 it does not);
# 著 and 覆 are Simplified characters too (著作权, 覆盖)
_TABLE: dict[int, str] = {}
for _trad, _simp in _PAIRS:
    assert len(_trad) == len(_simp), (_trad, _simp)
    for _t, _s in zip(_trad, _simp):
        if _t != _s and _t not in _KEEP:
            _TABLE.setdefault(ord(_t), _s)
_TRADITIONAL = re.compile("[" + "".join(chr(c) for c in _TABLE) + "]")


def to_simplified(text: str) -> str:
    """The text with each Traditional character the table knows replaced by its Simplified form (same length)."""
    if not _TRADITIONAL.search(text):
        return text
    return text.translate(_TABLE)
