/**
 * The account screens' texts in English and Spanish (spec §1: content in both). Words the spec quotes are
 * kept exactly: Send Code, Confirm code, Back, Login later, My Profile, Sign Out, Sign In, My Vehicles,
 * Edit Profile, My Info, Full Name, Date, Address, Company, Add vehicle, No Vehicles, Remove, Not Now, Ok.
 */
const en = {
  signIn: "Sign In",
  signOut: "Sign Out",
  myProfile: "My Profile",
  prompt: "Sign in for special offers",
  promptText: "Get mobile coupons and special offers.",
  contact: "Email or phone",
  sendCode: "Send Code",
  sent: "We sent a code to {contact} by email or text. It can take up to 2 minutes to arrive. If you used an email, check your junk folder.",
  code: "Code",
  confirmCode: "Confirm code",
  back: "Back",
  startOver: "Start over",
  later: "Login later",
  signOutConfirm: "Are you sure you want to sign out?",
  ok: "Ok",
  notNow: "Not Now",
  myInfo: "My Info",
  editProfile: "Edit Profile",
  fullName: "Full Name",
  email: "Email",
  phone: "Phone",
  company: "Company",
  date: "Date",
  address: "Address",
  save: "Save",
  myVehicles: "My Vehicles",
  noVehicles: "No Vehicles",
  addVehicle: "Add vehicle",
  remove: "Remove",
  unit: "Unit",
  mileage: "Mileage",
  close: "Close",
  errorCode: "code {code}",
};
export type AccountTexts = typeof en;

const es: AccountTexts = {
  signIn: "Iniciar sesión",
  signOut: "Cerrar sesión",
  myProfile: "Mi perfil",
  prompt: "Inicia sesión para ofertas especiales",
  promptText: "Recibe cupones móviles y ofertas especiales.",
  contact: "Correo electrónico o teléfono",
  sendCode: "Enviar código",
  sent: "Enviamos un código a {contact} por correo electrónico o mensaje de texto. Puede tardar hasta 2 minutos en llegar. Si usaste un correo, revisa tu carpeta de correo no deseado.",
  code: "Código",
  confirmCode: "Confirmar código",
  back: "Atrás",
  startOver: "Empezar de nuevo",
  later: "Iniciar sesión más tarde",
  signOutConfirm: "¿Seguro que quieres cerrar sesión?",
  ok: "Aceptar",
  notNow: "Ahora no",
  myInfo: "Mi información",
  editProfile: "Editar perfil",
  fullName: "Nombre completo",
  email: "Correo electrónico",
  phone: "Teléfono",
  company: "Empresa",
  date: "Fecha",
  address: "Dirección",
  save: "Guardar",
  myVehicles: "Mis vehículos",
  noVehicles: "Sin vehículos",
  addVehicle: "Agregar vehículo",
  remove: "Eliminar",
  unit: "Unidad",
  mileage: "Kilometraje",
  close: "Cerrar",
  errorCode: "código {code}",
};

export const accountTexts = (lang: string | undefined): AccountTexts => (lang === "es" ? es : en);
export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
/** The language a set of these texts speaks, for the labels read from the shared resources (vehicleLabels). */
export const langOf = (t: AccountTexts): "en" | "es" => (t === es ? "es" : "en");
