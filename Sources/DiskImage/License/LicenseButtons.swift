/// The button titles of the license window, per language: the language's name, Agree,
/// Disagree, Print, Save and the instructions.
///
/// The texts of the languages in Apple's SLA resources (English to Korean) are Apple's, as
/// dmgbuild carries them; English keeps hdiutil's "Save...". The others are our translations.
enum LicenseButtons {
  static let english = [
    "English", "Agree", "Disagree", "Print", "Save...",
    "If you agree with the terms of this license, press \"Agree\" to install the software.  If you do not agree, press \"Disagree\".",
  ]
  static let german = [
    "Deutsch", "Akzeptieren", "Ablehnen", "Drucken", "Sichern...",
    "Klicken Sie in \"Akzeptieren\", wenn Sie mit den Bestimmungen des Software-Lizenzvertrags einverstanden sind. Falls nicht, bitte \"Ablehnen\" anklicken. Sie können die Software nur installieren, wenn Sie \"Akzeptieren\" angeklickt haben.",
  ]
  static let spanish = [
    "Español", "Aceptar", "No aceptar", "Imprimir", "Guardar...",
    "Si está de acuerdo con los términos de esta licencia, pulse \"Aceptar\" para instalar el software. En el supuesto de que no esté de acuerdo con los términos de esta licencia, pulse \"No aceptar.\"",
  ]
  static let french = [
    "Français", "Accepter", "Refuser", "Imprimer", "Enregistrer...",
    "Si vous acceptez les termes de la présente licence, cliquez sur \"Accepter\" afin d'installer le logiciel. Si vous n'êtes pas d'accord avec les termes de la licence, cliquez sur \"Refuser\".",
  ]
  static let italian = [
    "Italiano", "Accetto", "Rifiuto", "Stampa", "Registra...",
    "Se accetti le condizioni di questa licenza, fai clic su \"Accetto\" per installare il software. Altrimenti fai clic su \"Rifiuto\".",
  ]
  static let japanese = [
    "日本語", "同意します", "同意しません", "印刷する", "保存...",
    "本ソフトウエア使用許諾契約の条件に同意される場合には、ソフトウエアをインストールするために「同意します」を押してください。\u{3000}同意されない場合には、「同意しません」を押してください。",
  ]
  static let dutch = [
    "Nederlands", "Ja", "Nee", "Print", "Bewaar...",
    "Indien u akkoord gaat met de voorwaarden van deze licentie, kunt u op 'Ja' klikken om de programmatuur te installeren. Indien u niet akkoord gaat, klikt u op 'Nee'.",
  ]
  static let russian = [
    "Русский", "Согласен", "Не согласен", "Распечатать", "Сохранить",
    "Если вы согласны с условиями данной лицензии, нажмите «Согласен», чтобы установить программное обеспечение. Если вы не согласны, нажмите «Не согласен».",
  ]
  static let swedish = [
    "Svensk", "Godkänns", "Avböjs", "Skriv ut", "Spara...",
    "Om Du godkänner licensvillkoren klicka på \"Godkänns\" för att installera programprodukten. Om Du inte godkänner licensvillkoren, klicka på \"Avböjs\".",
  ]
  static let portuguese = [
    "Português", "Concordar", "Discordar", "Imprimir", "Salvar...",
    "Se está de acordo com os termos desta licença, pressione \"Concordar\" para instalar o software. Se não está de acordo, pressione \"Discordar\".",
  ]
  static let simplifiedChinese = [
    "汉语", "同意", "不同意", "打印", "存储…",
    "如果您同意本许可协议的条款，请按“同意”来安装此软件。如果您不同意，请按“不同意”。",
  ]
  static let traditionalChinese = [
    "漢語", "同意", "不同意", "列印", "儲存…",
    "如果您同意本許可證裡的條款，請按“同意”以安裝軟體。如果不同意，請按“不同意”。",
  ]
  static let danish = [
    "Dansk", "Enig", "Uenig", "Udskriv", "Arkiver...",
    "Hvis du accepterer betingelserne i licensaftalen, skal du klikke på “Enig” for at installere softwaren. Klik på “Uenig” for at annullere installeringen.",
  ]
  static let finnish = [
    "Suomi", "Hyväksyn", "En hyväksy", "Tulosta", "Tallenna…",
    "Hyväksy lisenssisopimuksen ehdot osoittamalla \"Hyväksy\". Jos et hyväksy sopimuksen ehtoja, osoita \"En hyväksy\".",
  ]
  static let korean = [
    "한국어", "동의", "동의 안함", "프린트", "저장...",
    "사용 계약서의 내용에 동의하면, \"동의\" 단추를 눌러 소프트웨어를 설치하십시오. 동의하지 않는다면, \"동의 안함\" 단추를 누르십시오.",
  ]
  static let norwegian = [
    "Norsk", "Enig", "Ikke enig", "Skriv ut", "Arkiver...",
    "Hvis De er enig i bestemmelsene i denne lisensavtalen, klikker De på \"Enig\"-knappen for å installere programvaren. Hvis De ikke er enig, klikker De på \"Ikke enig\".",
  ]
  static let catalan = [
    "Català", "Accepto", "No accepto", "Imprimeix", "Desa...",
    "Si accepteu les condicions d'aquesta llicència, feu clic a \"Accepto\" per instal·lar el programari. Si no les accepteu, feu clic a \"No accepto\".",
  ]
  static let indonesian = [
    "Bahasa Indonesia", "Setuju", "Tidak Setuju", "Cetak", "Simpan...",
    "Jika Anda menyetujui ketentuan lisensi ini, klik \"Setuju\" untuk menginstal perangkat lunak. Jika tidak, klik \"Tidak Setuju\".",
  ]
  static let ukrainian = [
    "Українська", "Згоден", "Не згоден", "Друкувати", "Зберегти...",
    "Якщо ви згодні з умовами цієї ліцензії, натисніть «Згоден», щоб установити програмне забезпечення. Якщо ви не згодні, натисніть «Не згоден».",
  ]
  static let polish = [
    "Polski", "Zgadzam się", "Nie zgadzam się", "Drukuj", "Zachowaj...",
    "Jeśli zgadzasz się z warunkami tej licencji, kliknij \"Zgadzam się\", aby zainstalować oprogramowanie. Jeśli się nie zgadzasz, kliknij \"Nie zgadzam się\".",
  ]
  static let czech = [
    "Čeština", "Souhlasím", "Nesouhlasím", "Tisk", "Uložit...",
    "Pokud souhlasíte s podmínkami této licence, klikněte na \"Souhlasím\" a software se nainstaluje. Pokud nesouhlasíte, klikněte na \"Nesouhlasím\".",
  ]
  static let slovak = [
    "Slovenčina", "Súhlasím", "Nesúhlasím", "Tlačiť", "Uložiť...",
    "Ak súhlasíte s podmienkami tejto licencie, kliknite na \"Súhlasím\" a softvér sa nainštaluje. Ak nesúhlasíte, kliknite na \"Nesúhlasím\".",
  ]
  static let hungarian = [
    "Magyar", "Elfogadom", "Nem fogadom el", "Nyomtatás", "Mentés...",
    "Ha elfogadja a licenc feltételeit, a szoftver telepítéséhez kattintson az \"Elfogadom\" gombra. Ha nem fogadja el, kattintson a \"Nem fogadom el\" gombra.",
  ]
  static let croatian = [
    "Hrvatski", "Slažem se", "Ne slažem se", "Ispiši", "Spremi...",
    "Ako se slažete s uvjetima ove licence, kliknite \"Slažem se\" za instalaciju softvera. Ako se ne slažete, kliknite \"Ne slažem se\".",
  ]
  static let slovenian = [
    "Slovenščina", "Se strinjam", "Se ne strinjam", "Natisni", "Shrani...",
    "Če se strinjate s pogoji te licence, kliknite \"Se strinjam\", da namestite programsko opremo. Če se ne strinjate, kliknite \"Se ne strinjam\".",
  ]
  static let romanian = [
    "Română", "Sunt de acord", "Nu sunt de acord", "Tipărește", "Salvează...",
    "Dacă sunteți de acord cu termenii acestei licențe, apăsați \"Sunt de acord\" pentru a instala programul. Dacă nu sunteți de acord, apăsați \"Nu sunt de acord\".",
  ]
  static let greek = [
    "Ελληνικά", "Συμφωνώ", "Διαφωνώ", "Εκτύπωση", "Αποθήκευση...",
    "Εάν συμφωνείτε με τους όρους αυτής της άδειας, πατήστε \"Συμφωνώ\" για να εγκαταστήσετε το λογισμικό. Εάν δεν συμφωνείτε, πατήστε \"Διαφωνώ\".",
  ]
  static let turkish = [
    "Türkçe", "Kabul Ediyorum", "Kabul Etmiyorum", "Yazdır", "Kaydet...",
    "Bu lisansın koşullarını kabul ediyorsanız, yazılımı yüklemek için \"Kabul Ediyorum\" düğmesine basın. Kabul etmiyorsanız \"Kabul Etmiyorum\" düğmesine basın.",
  ]
  static let arabic = [
    "العربية", "موافق", "غير موافق", "طباعة", "حفظ...",
    "إذا كنت توافق على شروط هذا الترخيص، انقر على \"موافق\" لتثبيت البرنامج. إذا كنت لا توافق، انقر على \"غير موافق\".",
  ]
  static let hebrew = [
    "עברית", "מסכים", "לא מסכים", "הדפס", "שמור...",
    "אם אתה מסכים לתנאי רישיון זה, לחץ על \"מסכים\" כדי להתקין את התוכנה. אם אינך מסכים, לחץ על \"לא מסכים\".",
  ]
  static let thai = [
    "ไทย", "ยอมรับ", "ไม่ยอมรับ", "พิมพ์", "บันทึก...",
    "หากคุณยอมรับเงื่อนไขของใบอนุญาตนี้ ให้คลิก \"ยอมรับ\" เพื่อติดตั้งซอฟต์แวร์ หากคุณไม่ยอมรับ ให้คลิก \"ไม่ยอมรับ\"",
  ]
  static let vietnamese = [
    "Tiếng Việt", "Đồng ý", "Không đồng ý", "In", "Lưu...",
    "Nếu bạn đồng ý với các điều khoản của giấy phép này, hãy bấm \"Đồng ý\" để cài đặt phần mềm. Nếu bạn không đồng ý, hãy bấm \"Không đồng ý\".",
  ]
}
