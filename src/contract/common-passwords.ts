/**
 * Passwords that top public breach-frequency lists (SecLists, "rockyou"), lower case. Only entries of
 * 8 or more characters: shorter ones already fail the length rule. Short on purpose: it stops the
 * guesses an attacker tries first, not every weak password; the login limits cover the rest.
 */
const commonPasswords = new Set([
  'password', '12345678', '123456789', '1234567890', 'password1', 'password12', 'password123', 'password1234',
  'password01', 'password!', 'password1!', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234', 'qwerty12345',
  'qwertyui', 'qwertyu1', 'qwerty!@#', '1qaz2wsx', 'zaq12wsx', '1qazxsw2', 'zaq1xsw2', '!qaz2wsx', '1q2w3e4r',
  '1q2w3e4r5t', '1q2w3e4r5t6y', '1q2w3e4r!', 'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3r4!', 'qazwsxedc', 'qazwsx123',
  'qweasdzxc', '123qweasd', '12qwaszx', '1234qwer', 'qwer1234', 'asdf1234', 'zxcv1234', 'asdfghjkl',
  'asdfghjk', 'asdfasdf', 'zxcvbnm1', 'zxcvbnm123', '1234abcd', 'abcd1234', 'abcd12345', 'abc12345',
  'abc123456', 'abcdef123', 'abc123abc', '123abc123', 'a1b2c3d4', '1a2b3c4d', 'aa123456', '123456aa',
  '1234567a', '12345678a', '123456789a', 'a123456789', 'abcdefgh', '11111111', '00000000', '22222222',
  '55555555', '66666666', '88888888', '99999999', '12341234', '87654321', '987654321', '9876543210',
  '0987654321', '11223344', '12121212', '12344321', '123454321', '123123123', '147258369', '159753456',
  '741852963', '963852741', '102030405', '10203040', '1029384756', 'iloveyou', 'iloveyou1', 'iloveyou2',
  'iloveyou!', 'iloveu123', 'loveyou1', 'lovelove', 'loveme12', 'lovely123', 'sunshine', 'sunshine1',
  'princess', 'princess1', 'princesa', 'football', 'football1', 'football123', 'baseball', 'baseball1',
  'basketball', 'soccer12', 'hockey12', 'tennis12', 'welcome1', 'welcome123', 'welcome2024', 'welcome2025',
  'trustno1', 'trustme1', 'letmein1', 'letmein123', 'letmein!', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'pa$$word', 'passpass', 'pass1234', 'pass12345', 'superman', 'superman1', 'batman123', 'starwars',
  'starwars1', 'whatever', 'whatever1', 'jennifer', 'michelle', 'jordan23', 'michael1', 'michael23',
  'charlie1', 'charlie123', 'computer', 'internet', 'internet1', 'master12', 'master123', 'dragon123',
  'monkey123', 'shadow123', 'liverpool', 'chelsea1', 'arsenal1', 'manchester', 'mercedes', 'corvette',
  'mustang1', 'ferrari1', 'porsche911', 'samsung1', 'iphone123', 'android1', 'google123', 'facebook',
  'linkedin', 'myspace1', 'twitter1', 'freedom1', 'changeme', 'changeme123', 'default1', 'administrator',
  'administrator1', 'admin123', 'admin1234', 'root1234', 'toor1234', 'test1234', 'testing123', 'guest123',
  'user1234', 'login123', 'secret123', 'secret1234', 'mypassword', 'yourpassword', 'babygirl', 'babygirl1',
  'butterfly', 'sunflower', 'chocolate', 'cookie123', 'cheese123', 'pokemon1', 'minecraft', 'fortnite',
  'harrypotter', 'spiderman', 'jessica1', 'ashley12', 'nicole12', 'daniel12', 'matthew1', 'andrew12',
  'joshua12', 'thomas12', 'robert12', 'william1', 'richard1', 'jonathan', 'christopher', 'elizabeth',
  'victoria', 'alexander', 'benjamin', 'samantha', 'midnight', 'blink182', 'metallica', 'slipknot',
  'nirvana1', 'rockyou1', 'hello123', 'hello1234', 'helloworld', 'summer2024', 'winter2024', 'spring2024',
  'summer2025', 'summer123', 'monday123', 'january1', 'december', 'september', 'november', 'thunder1',
  'angel123', 'angels12', 'jesus123', 'jesus1234', 'blessed1', 'godisgood', 'dolphins', 'cowboys1',
  'steelers', 'yankees1', 'eagles12', 'packers1', 'patriots', 'lakers24', 'gateway1', 'dell1234', 'hp123456',
  'wireless', 'security', 'password2', 'password3', 'private1', 'access14', 'killer12', 'hunter12',
  'ranger12', 'sparky12', 'buster12', 'pepper12', 'ginger12', 'tigger12', 'maggie12', 'bailey12', 'hannah12',
  'sophie12', 'olivia12', 'emily123', 'chicken1', 'banana12', 'orange12', 'purple12', 'silver12', 'golden12',
  'diamond1', 'crystal1', 'letmein2', 'passwort', 'motdepasse', 'senha123', 'contrasena', 'qwertz123',
  'azerty123', 'azertyuiop', '1passw0rd', 'unknown1', 'nothing1', 'anything', '123456789q', 'q123456789',
  'zxcvbnma', 'qwertyuiop1', 'asdfghjkl1', '1234567890q', '1111111111', '0123456789', '01234567', '123456123',
  '654321654321', '112233445566', 'abcdefg1', 'abcdefg123', 'aaaaaaaa', 'zzzzzzzz', 'qqqqqqqq', 'asdasdasd',
  'qweqweqwe', '123321123',
]);

/** Case-insensitive, ignoring surrounding spaces: `Password123 ` is as guessable as `password123`. */
export const isCommonPassword = (password: string) => commonPasswords.has(password.trim().toLowerCase());
