/** The Spanish texts of the auth screens, apart from the schemas: the login screen shows them before zod loads. */
export const authMessages = {
  workerIdMin: 'El ID de trabajador debe tener al menos 3 caracteres.',
  nameMin: 'El nombre debe tener al menos 2 caracteres.',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres.',
  naveAndArco: 'Por favor, selecciona una nave y un arco sumergido.',
  adminLoginRequired: 'El ID de trabajador y la contraseña son obligatorios.',
  invalidCredentials: 'Credenciales inválidas.',
  duplicateWorkerId: 'ID de Trabajador ya registrado. Por favor, usa uno diferente.',
  arcoNotInNave: 'El arco sumergido seleccionado no pertenece a la nave elegida.',
  registered: 'Usuario registrado con éxito.',
  // Texts the screens show for their own checks and failures.
  registerSuccess: '¡Registro exitoso! Ahora puedes iniciar sesión.',
  loginFallback: 'Fallo el inicio de sesión',
  loginNetwork: 'Ocurrió un error durante el inicio de sesión.',
  registerFallback: 'Fallo el registro',
  registerNetwork: 'Ocurrió un error durante el registro.',
  adminLoginFallback: 'Fallo el login de administrador.',
  adminLoginNetwork: 'Ocurrió un error durante el login de administrador.',
} as const;
