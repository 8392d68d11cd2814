import { defineModel } from '../schema.ts';

/** Spring Security (and jBCrypt): password hashes leave no attacker-shaped text. */
export default defineModel({
  name: 'spring-security',
  language: 'java',
  sanitizers: [{ call: ['{passwordEncoder,encoder,bCryptPasswordEncoder,bcrypt,pwEncoder,passwordEncryptor}.encode', 'BCrypt.hashpw'], class: 'all' }],
});
